# Shared names, the parsed data prefixes and the module's KMS key. The resources are split by concern:
# s3.tf (buckets), iam.tf (roles and policies), lambda.tf (functions and logs), api.tf (HTTP API),
# scheduler.tf (schedules and their dead-letter queue).

data "aws_caller_identity" "current" {}
data "aws_partition" "current" {}
data "aws_region" "current" {}

locals {
  account   = data.aws_caller_identity.current.account_id
  partition = data.aws_partition.current.partition
  region    = data.aws_region.current.name

  worker_name      = "${var.name_prefix}-worker"
  coordinator_name = "${var.name_prefix}-coordinator"

  # Bucket names carry the account and region so that the same prefix can be deployed twice.
  shuffle_bucket = "${var.name_prefix}-shuffle-${local.account}-${local.region}"
  results_bucket = "${var.name_prefix}-results-${local.account}-${local.region}"

  # Prefixes of the two buckets (each role is given only the ones it needs).
  shuffle_prefix = "shuffle/"
  state_prefix   = "state/"
  queue_prefix   = "queue/"
  results_prefix = "results/"
  outputs_prefix = "outputs/"
  package_prefix = "packages/"

  # s3://bucket/prefix/ -> { bucket, prefix }.
  data = [for p in var.data_prefixes : {
    bucket = regex("^s3://([^/]+)/(.*)$", p)[0]
    prefix = regex("^s3://([^/]+)/(.*)$", p)[1]
  }]
  data_object_arns = [for d in local.data : "arn:${local.partition}:s3:::${d.bucket}/${d.prefix}*"]
  data_buckets     = distinct([for d in local.data : d.bucket])

  tags = merge({ "updraft:deployment" = var.name_prefix }, var.tags)
}

# One customer-managed key for the buckets, the log groups, the queues and the functions' environments.
resource "aws_kms_key" "updraft" {
  description             = "${var.name_prefix}: buckets, logs, queues and function environments"
  enable_key_rotation     = true
  deletion_window_in_days = 14
  policy                  = data.aws_iam_policy_document.kms.json
  tags                    = local.tags
}

resource "aws_kms_alias" "updraft" {
  name          = "alias/${var.name_prefix}"
  target_key_id = aws_kms_key.updraft.key_id
}
