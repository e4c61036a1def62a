# The shuffle bucket (shuffle objects and large task payloads, short-lived) and the results bucket (query state,
# run requests, query results, scheduled outputs, the function packages). Both private and KMS-encrypted.

resource "aws_s3_bucket" "shuffle" {
  #checkov:skip=CKV_AWS_21:Shuffle objects are written once under unique keys and deleted after the job; versions would only keep deleted shuffle data alive.
  #checkov:skip=CKV_AWS_144:Shuffle data lives minutes to hours and is recomputed on loss; replicating it to another region has no use.
  #checkov:skip=CKV_AWS_18:Access logging of the shuffle bucket would log every shuffle object; the job summary counts them instead.
  #checkov:skip=CKV2_AWS_62:Nothing reacts to shuffle objects; the coordinator tracks them itself.
  bucket        = local.shuffle_bucket
  force_destroy = true
  tags          = local.tags
}

resource "aws_s3_bucket" "results" {
  #checkov:skip=CKV_AWS_144:Results can be recomputed from the input; cross-region replication is left to the deployment.
  #checkov:skip=CKV_AWS_18:Access logging needs a separate log bucket the deployment owns; CloudTrail data events are the alternative.
  bucket = local.results_bucket
  tags   = local.tags
}

locals {
  buckets = {
    shuffle = aws_s3_bucket.shuffle
    results = aws_s3_bucket.results
  }
}

resource "aws_s3_bucket_public_access_block" "this" {
  for_each                = local.buckets
  bucket                  = each.value.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

resource "aws_s3_bucket_ownership_controls" "this" {
  for_each = local.buckets
  bucket   = each.value.id
  rule {
    object_ownership = "BucketOwnerEnforced"
  }
}

resource "aws_s3_bucket_server_side_encryption_configuration" "this" {
  for_each = local.buckets
  bucket   = each.value.id
  rule {
    apply_server_side_encryption_by_default {
      sse_algorithm     = "aws:kms"
      kms_master_key_id = aws_kms_key.updraft.arn
    }
    bucket_key_enabled = true
  }
}

# Results keep their previous versions for a while: an overwritten or deleted output can be restored.
resource "aws_s3_bucket_versioning" "results" {
  bucket = aws_s3_bucket.results.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_lifecycle_configuration" "shuffle" {
  bucket = aws_s3_bucket.shuffle.id

  rule {
    id     = "expire-shuffle"
    status = "Enabled"
    filter {
      prefix = local.shuffle_prefix
    }
    expiration {
      days = var.shuffle_expiration_days
    }
  }

  rule {
    id     = "abort-incomplete-uploads"
    status = "Enabled"
    filter {}
    abort_incomplete_multipart_upload {
      days_after_initiation = 1
    }
  }
}

resource "aws_s3_bucket_lifecycle_configuration" "results" {
  bucket     = aws_s3_bucket.results.id
  depends_on = [aws_s3_bucket_versioning.results]

  dynamic "rule" {
    for_each = {
      state   = { prefix = local.state_prefix, days = var.state_expiration_days }
      queue   = { prefix = local.queue_prefix, days = var.state_expiration_days }
      results = { prefix = local.results_prefix, days = var.results_expiration_days }
    }
    content {
      id     = "expire-${rule.key}"
      status = "Enabled"
      filter {
        prefix = rule.value.prefix
      }
      expiration {
        days = rule.value.days
      }
      noncurrent_version_expiration {
        noncurrent_days = 1
      }
    }
  }

  rule {
    id     = "outputs-previous-versions"
    status = "Enabled"
    filter {
      prefix = local.outputs_prefix
    }
    noncurrent_version_expiration {
      noncurrent_days = 30
    }
  }

  rule {
    id     = "abort-incomplete-uploads"
    status = "Enabled"
    filter {}
    abort_incomplete_multipart_upload {
      days_after_initiation = 1
    }
  }
}

# TLS only, for every principal.
data "aws_iam_policy_document" "tls_only" {
  for_each = local.buckets

  statement {
    sid     = "DenyInsecureTransport"
    effect  = "Deny"
    actions = ["s3:*"]
    resources = [
      each.value.arn,
      "${each.value.arn}/*",
    ]
    principals {
      type        = "*"
      identifiers = ["*"]
    }
    condition {
      test     = "Bool"
      variable = "aws:SecureTransport"
      values   = ["false"]
    }
  }
}

resource "aws_s3_bucket_policy" "tls_only" {
  for_each   = local.buckets
  bucket     = each.value.id
  policy     = data.aws_iam_policy_document.tls_only[each.key].json
  depends_on = [aws_s3_bucket_public_access_block.this]
}

# A run request (queue/<query id>.json, written by POST /queries and by a run that continues) invokes the
# coordinator, which runs the query in that invocation: the API answers within API Gateway's limit while runs
# get the function's whole timeout.
resource "aws_s3_bucket_notification" "results" {
  bucket = aws_s3_bucket.results.id

  lambda_function {
    lambda_function_arn = aws_lambda_function.coordinator.arn
    events              = ["s3:ObjectCreated:*"]
    filter_prefix       = local.queue_prefix
    filter_suffix       = ".json"
  }

  depends_on = [aws_lambda_permission.s3_queue]
}

# The function packages, uploaded through S3 (the worker is above Lambda's 50 MB direct-upload limit).
resource "aws_s3_object" "package" {
  for_each = {
    worker      = var.worker_package
    coordinator = var.coordinator_package
  }
  bucket      = aws_s3_bucket.results.id
  key         = "${local.package_prefix}${each.key}-${filesha256(each.value)}.zip"
  source      = each.value
  source_hash = filesha256(each.value)
  kms_key_id  = aws_kms_key.updraft.arn
  tags        = local.tags
  depends_on  = [aws_s3_bucket_server_side_encryption_configuration.this]
}
