# Roles with least privilege:
# - worker: reads the data prefixes; reads and writes only the shuffle prefix; writes (never reads or deletes) the
#   pending files of scheduled jobs' outputs under the results bucket's outputs/ (multipart uploads the coordinator
#   completes at job commit); writes its own logs.
# - coordinator: reads the data prefixes (file listing and footers while planning); reads, writes and deletes the
#   shuffle prefix (payloads, cleanup of map outputs) and its state, queue, results and outputs prefixes; invokes
#   only the worker; writes its own logs.
# - scheduler: invokes only the coordinator; sends to its dead-letter queue.
# Every S3 statement names its bucket and prefix: no wildcard S3 resource.

data "aws_iam_policy_document" "lambda_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["lambda.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:SourceAccount"
      values   = [local.account]
    }
  }
}

data "aws_iam_policy_document" "scheduler_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["scheduler.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:SourceAccount"
      values   = [local.account]
    }
  }
}

resource "aws_iam_role" "worker" {
  name               = "${local.worker_name}-role"
  assume_role_policy = data.aws_iam_policy_document.lambda_assume.json
  tags               = local.tags
}

resource "aws_iam_role" "coordinator" {
  name               = "${local.coordinator_name}-role"
  assume_role_policy = data.aws_iam_policy_document.lambda_assume.json
  tags               = local.tags
}

resource "aws_iam_role" "scheduler" {
  name               = "${var.name_prefix}-scheduler-role"
  assume_role_policy = data.aws_iam_policy_document.scheduler_assume.json
  tags               = local.tags
}

locals {
  shuffle_objects = "${aws_s3_bucket.shuffle.arn}/${local.shuffle_prefix}*"
  output_objects  = "${aws_s3_bucket.results.arn}/${local.outputs_prefix}*"
  coordinator_result_objects = [for p in [local.state_prefix, local.queue_prefix, local.results_prefix, local.outputs_prefix] :
  "${aws_s3_bucket.results.arn}/${p}*"]
}

data "aws_iam_policy_document" "worker" {
  dynamic "statement" {
    for_each = length(local.data) > 0 ? [1] : []
    content {
      sid       = "ReadData"
      actions   = ["s3:GetObject"]
      resources = local.data_object_arns
    }
  }

  dynamic "statement" {
    for_each = local.data_buckets
    content {
      sid       = "ListData${replace(title(replace(statement.value, "/[.-]/", " ")), " ", "")}"
      actions   = ["s3:ListBucket"]
      resources = ["arn:${local.partition}:s3:::${statement.value}"]
      condition {
        test     = "StringLike"
        variable = "s3:prefix"
        values   = [for d in local.data : "${d.prefix}*" if d.bucket == statement.value]
      }
    }
  }

  statement {
    sid       = "ShuffleObjects"
    actions   = ["s3:GetObject", "s3:PutObject", "s3:AbortMultipartUpload"]
    resources = [local.shuffle_objects]
  }

  # Write tasks upload their files pending (multipart, completed by the coordinator's commit).
  statement {
    sid       = "WriteJobOutputs"
    actions   = ["s3:PutObject", "s3:AbortMultipartUpload"]
    resources = [local.output_objects]
  }

  # A missing shuffle object must answer 404 (a lost output the coordinator re-runs), not 403.
  statement {
    sid       = "ListShufflePrefix"
    actions   = ["s3:ListBucket"]
    resources = [aws_s3_bucket.shuffle.arn]
    condition {
      test     = "StringLike"
      variable = "s3:prefix"
      values   = ["${local.shuffle_prefix}*"]
    }
  }

  statement {
    sid       = "UseTheModuleKey"
    actions   = ["kms:Decrypt", "kms:GenerateDataKey"]
    resources = [aws_kms_key.updraft.arn]
  }

  statement {
    sid       = "OwnLogs"
    actions   = ["logs:CreateLogStream", "logs:PutLogEvents"]
    resources = ["${aws_cloudwatch_log_group.worker.arn}:*"]
  }

  # X-Ray's write actions have no resource-level permissions.
  statement {
    sid       = "Tracing"
    actions   = ["xray:PutTraceSegments", "xray:PutTelemetryRecords"]
    resources = ["*"]
  }
}

data "aws_iam_policy_document" "coordinator" {
  dynamic "statement" {
    for_each = length(local.data) > 0 ? [1] : []
    content {
      sid       = "ReadData"
      actions   = ["s3:GetObject"]
      resources = local.data_object_arns
    }
  }

  dynamic "statement" {
    for_each = local.data_buckets
    content {
      sid       = "ListData${replace(title(replace(statement.value, "/[.-]/", " ")), " ", "")}"
      actions   = ["s3:ListBucket"]
      resources = ["arn:${local.partition}:s3:::${statement.value}"]
      condition {
        test     = "StringLike"
        variable = "s3:prefix"
        values   = [for d in local.data : "${d.prefix}*" if d.bucket == statement.value]
      }
    }
  }

  statement {
    sid       = "ShuffleObjects"
    actions   = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"]
    resources = [local.shuffle_objects]
  }

  statement {
    sid       = "ListShufflePrefix"
    actions   = ["s3:ListBucket"]
    resources = [aws_s3_bucket.shuffle.arn]
    condition {
      test     = "StringLike"
      variable = "s3:prefix"
      values   = ["${local.shuffle_prefix}*"]
    }
  }

  statement {
    sid       = "StateQueueResultsOutputs"
    actions   = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"]
    resources = local.coordinator_result_objects
  }

  statement {
    sid       = "ListStateQueueResultsOutputs"
    actions   = ["s3:ListBucket"]
    resources = [aws_s3_bucket.results.arn]
    condition {
      test     = "StringLike"
      variable = "s3:prefix"
      values   = [for p in [local.state_prefix, local.queue_prefix, local.results_prefix, local.outputs_prefix] : "${p}*"]
    }
  }

  # The output commit (and a persisted Dataset's cleanup) finds and aborts multipart uploads that failed
  # attempts left open: ListMultipartUploads, an action on the bucket (no s3:prefix condition key).
  statement {
    sid       = "ListOpenUploads"
    actions   = ["s3:ListBucketMultipartUploads"]
    resources = [aws_s3_bucket.results.arn, aws_s3_bucket.shuffle.arn]
  }

  statement {
    sid       = "InvokeOnlyTheWorker"
    actions   = ["lambda:InvokeFunction"]
    resources = [aws_lambda_function.worker.arn, aws_lambda_function.worker.qualified_arn]
  }

  statement {
    sid       = "UseTheModuleKey"
    actions   = ["kms:Decrypt", "kms:GenerateDataKey"]
    resources = [aws_kms_key.updraft.arn]
  }

  statement {
    sid       = "DeadLetters"
    actions   = ["sqs:SendMessage"]
    resources = [aws_sqs_queue.coordinator_dlq.arn]
  }

  statement {
    sid       = "OwnLogs"
    actions   = ["logs:CreateLogStream", "logs:PutLogEvents"]
    resources = ["${aws_cloudwatch_log_group.coordinator.arn}:*"]
  }

  statement {
    sid       = "Tracing"
    actions   = ["xray:PutTraceSegments", "xray:PutTelemetryRecords"]
    resources = ["*"]
  }
}

data "aws_iam_policy_document" "scheduler" {
  statement {
    sid       = "InvokeOnlyTheCoordinator"
    actions   = ["lambda:InvokeFunction"]
    resources = [aws_lambda_function.coordinator.arn]
  }

  statement {
    sid       = "DeadLetters"
    actions   = ["sqs:SendMessage"]
    resources = [aws_sqs_queue.schedule_dlq.arn]
  }

  statement {
    sid       = "UseTheModuleKey"
    actions   = ["kms:Decrypt", "kms:GenerateDataKey"]
    resources = [aws_kms_key.updraft.arn]
  }
}

resource "aws_iam_role_policy" "worker" {
  name   = "${local.worker_name}-policy"
  role   = aws_iam_role.worker.id
  policy = data.aws_iam_policy_document.worker.json
}

resource "aws_iam_role_policy" "coordinator" {
  name   = "${local.coordinator_name}-policy"
  role   = aws_iam_role.coordinator.id
  policy = data.aws_iam_policy_document.coordinator.json
}

resource "aws_iam_role_policy" "scheduler" {
  name   = "${var.name_prefix}-scheduler-policy"
  role   = aws_iam_role.scheduler.id
  policy = data.aws_iam_policy_document.scheduler.json
}

# The key policy: the account administers the key; the services that encrypt with it (logs, S3 through the
# roles, SQS, Scheduler) use it only from this account.
data "aws_iam_policy_document" "kms" {
  #checkov:skip=CKV_AWS_109:A key policy's Resource "*" is the key itself; administration stays with the account root, as AWS's default key policy.
  #checkov:skip=CKV_AWS_111:A key policy's Resource "*" is the key itself; write access is limited to the account and to the log service of this account.
  #checkov:skip=CKV_AWS_356:A key policy's Resource "*" is the key itself.
  statement {
    sid       = "AccountAdministers"
    actions   = ["kms:*"]
    resources = ["*"]
    principals {
      type        = "AWS"
      identifiers = ["arn:${local.partition}:iam::${local.account}:root"]
    }
  }

  statement {
    sid       = "LogsEncrypt"
    actions   = ["kms:Encrypt", "kms:Decrypt", "kms:ReEncrypt*", "kms:GenerateDataKey*", "kms:Describe*"]
    resources = ["*"]
    principals {
      type        = "Service"
      identifiers = ["logs.${local.region}.amazonaws.com"]
    }
    condition {
      test     = "ArnLike"
      variable = "kms:EncryptionContext:aws:logs:arn"
      values   = ["arn:${local.partition}:logs:${local.region}:${local.account}:log-group:*"]
    }
  }

  statement {
    sid       = "ServicesEncryptForThisAccount"
    actions   = ["kms:Decrypt", "kms:GenerateDataKey*"]
    resources = ["*"]
    principals {
      type        = "Service"
      identifiers = ["s3.amazonaws.com", "sqs.amazonaws.com", "scheduler.amazonaws.com", "lambda.amazonaws.com"]
    }
    condition {
      test     = "StringEquals"
      variable = "aws:SourceAccount"
      values   = [local.account]
    }
  }
}
