# The worker (runs tasks) and the coordinator (API requests, runs, schedules) from the build's packages, and
# their log groups. Both run the Quarkus stream handler on the managed Java 21 runtime.

locals {
  handler = "io.quarkus.amazon.lambda.runtime.QuarkusStreamHandler::handleRequest"
}

resource "aws_cloudwatch_log_group" "worker" {
  name              = "/aws/lambda/${local.worker_name}"
  retention_in_days = var.log_retention_days
  kms_key_id        = aws_kms_key.updraft.arn
  tags              = local.tags
}

resource "aws_cloudwatch_log_group" "coordinator" {
  name              = "/aws/lambda/${local.coordinator_name}"
  retention_in_days = var.log_retention_days
  kms_key_id        = aws_kms_key.updraft.arn
  tags              = local.tags
}

resource "aws_lambda_function" "worker" {
  #checkov:skip=CKV_AWS_116:The worker is only invoked synchronously by the coordinator, which retries failed tasks itself; a DLQ never receives anything.
  #checkov:skip=CKV_AWS_117:The functions reach only S3 and Lambda's public endpoints with their roles; a VPC would need NAT or endpoints the deployment owns.
  #checkov:skip=CKV_AWS_272:Code signing needs a signing profile the deployment owns; the package's hash is pinned by source_code_hash.
  function_name                  = local.worker_name
  role                           = aws_iam_role.worker.arn
  runtime                        = "java21"
  handler                        = local.handler
  architectures                  = [var.architecture]
  memory_size                    = var.worker_memory_mb
  timeout                        = var.worker_timeout_seconds
  reserved_concurrent_executions = var.worker_reserved_concurrency
  s3_bucket                      = aws_s3_object.package["worker"].bucket
  s3_key                         = aws_s3_object.package["worker"].key
  source_code_hash               = filebase64sha256(var.worker_package)
  kms_key_arn                    = aws_kms_key.updraft.arn
  # SnapStart restores published versions only: with snap_start the module publishes one per package and the
  # coordinator invokes it (local.worker_invoke_name). /tmp stays at Lambda's 512 MB default, SnapStart's limit.
  publish = var.snap_start

  dynamic "snap_start" {
    for_each = var.snap_start ? [1] : []
    content {
      apply_on = "PublishedVersions"
    }
  }

  environment {
    variables = {
      JAVA_TOOL_OPTIONS = "-XX:+TieredCompilation -XX:TieredStopAtLevel=1 --add-opens=java.base/java.nio=ALL-UNNAMED --enable-native-access=ALL-UNNAMED"
    }
  }

  tracing_config {
    mode = "Active"
  }

  logging_config {
    log_format = "JSON"
    log_group  = aws_cloudwatch_log_group.worker.name
  }

  tags       = local.tags
  depends_on = [aws_iam_role_policy.worker]
}

resource "aws_lambda_function" "coordinator" {
  #checkov:skip=CKV_AWS_117:The functions reach only S3 and Lambda's public endpoints with their roles; a VPC would need NAT or endpoints the deployment owns.
  #checkov:skip=CKV_AWS_272:Code signing needs a signing profile the deployment owns; the package's hash is pinned by source_code_hash.
  function_name                  = local.coordinator_name
  role                           = aws_iam_role.coordinator.arn
  runtime                        = "java21"
  handler                        = local.handler
  architectures                  = [var.architecture]
  memory_size                    = var.coordinator_memory_mb
  timeout                        = var.coordinator_timeout_seconds
  reserved_concurrent_executions = var.coordinator_reserved_concurrency
  s3_bucket                      = aws_s3_object.package["coordinator"].bucket
  s3_key                         = aws_s3_object.package["coordinator"].key
  source_code_hash               = filebase64sha256(var.coordinator_package)
  kms_key_arn                    = aws_kms_key.updraft.arn

  # No credentials here: the coordinator and the workers use their execution roles.
  environment {
    variables = {
      JAVA_TOOL_OPTIONS                 = "-XX:+TieredCompilation -XX:TieredStopAtLevel=1 --add-opens=java.base/java.nio=ALL-UNNAMED --enable-native-access=ALL-UNNAMED"
      UPDRAFT_WORKER_FUNCTION           = local.worker_invoke_name
      UPDRAFT_WORKER_MEMORY_MB          = tostring(var.worker_memory_mb)
      UPDRAFT_WORKER_MAX_CONCURRENCY    = tostring(var.worker_max_concurrency)
      UPDRAFT_SHUFFLE_ROOT              = "s3://${aws_s3_bucket.shuffle.bucket}/${trimsuffix(local.shuffle_prefix, "/")}"
      UPDRAFT_RESULTS_BUCKET            = aws_s3_bucket.results.bucket
      UPDRAFT_DATA_PREFIXES             = join(",", var.data_prefixes)
      UPDRAFT_SYNC_WAIT_SECONDS         = tostring(var.sync_wait_seconds)
      UPDRAFT_RESULT_URL_EXPIRY_SECONDS = tostring(var.result_url_expiry_seconds)
      UPDRAFT_MAX_RESULT_ROWS           = tostring(var.max_result_rows)
    }
  }

  dead_letter_config {
    target_arn = aws_sqs_queue.coordinator_dlq.arn
  }

  tracing_config {
    mode = "Active"
  }

  logging_config {
    log_format = "JSON"
    log_group  = aws_cloudwatch_log_group.coordinator.name
  }

  tags       = local.tags
  depends_on = [aws_iam_role_policy.coordinator]
}

# Run requests that failed every asynchronous attempt (S3-notified invocations) end here.
resource "aws_sqs_queue" "coordinator_dlq" {
  name                      = "${var.name_prefix}-coordinator-dlq"
  kms_master_key_id         = aws_kms_key.updraft.arn
  message_retention_seconds = 1209600
  tags                      = local.tags
}

resource "aws_lambda_function_event_invoke_config" "coordinator" {
  function_name                = aws_lambda_function.coordinator.function_name
  maximum_retry_attempts       = 2
  maximum_event_age_in_seconds = 3600
}

resource "aws_lambda_permission" "s3_queue" {
  statement_id   = "RunRequestsFromResultsBucket"
  action         = "lambda:InvokeFunction"
  function_name  = aws_lambda_function.coordinator.function_name
  principal      = "s3.amazonaws.com"
  source_arn     = aws_s3_bucket.results.arn
  source_account = local.account
}

locals {
  # What the coordinator invokes: the published version under SnapStart (restored from its snapshot), else $LATEST.
  worker_invoke_name = var.snap_start ? aws_lambda_function.worker.qualified_arn : aws_lambda_function.worker.function_name
}
