# EventBridge Scheduler: one schedule per entry of var.schedules, each invoking the coordinator with the job's
# spec and the delivery's scheduled time (the coordinator claims run id = schedule name + scheduled time once,
# so a repeated delivery runs the job once). Deliveries that fail every retry go to the dead-letter queue.

resource "aws_scheduler_schedule_group" "jobs" {
  name = "${var.name_prefix}-jobs"
  tags = local.tags
}

resource "aws_sqs_queue" "schedule_dlq" {
  name                      = "${var.name_prefix}-schedule-dlq"
  kms_master_key_id         = aws_kms_key.updraft.arn
  message_retention_seconds = 1209600
  tags                      = local.tags
}

locals {
  schedules = { for s in var.schedules : s.name => s }
}

resource "aws_scheduler_schedule" "job" {
  for_each                     = local.schedules
  name                         = "${var.name_prefix}-${each.key}"
  group_name                   = aws_scheduler_schedule_group.jobs.name
  schedule_expression          = each.value.expression
  schedule_expression_timezone = each.value.timezone
  state                        = each.value.enabled ? "ENABLED" : "DISABLED"
  kms_key_arn                  = aws_kms_key.updraft.arn

  flexible_time_window {
    mode = "OFF"
  }

  lifecycle {
    precondition {
      condition     = alltrue([for t in values(each.value.tables) : anytrue([for p in var.data_prefixes : startswith(t, p)])])
      error_message = "schedule ${each.key}: every table must lie inside one of data_prefixes (the only data the functions may read)."
    }
  }

  target {
    arn      = aws_lambda_function.coordinator.arn
    role_arn = aws_iam_role.scheduler.arn

    # The coordinator's scheduled-job event (coordinator-function/README.md); <aws.scheduler.*> are filled in by
    # the scheduler at each delivery.
    input = jsonencode({
      updraftJob = {
        name        = each.key
        sql         = each.value.sql
        jobClass    = each.value.job_class
        args        = each.value.args
        tables      = each.value.tables
        output      = each.value.output
        format      = each.value.format
        mode        = each.value.mode
        partitionBy = each.value.partition_by
        conf        = each.value.conf
      }
      scheduledTime = "<aws.scheduler.scheduled-time>"
      executionId   = "<aws.scheduler.execution-id>"
      scheduleArn   = "<aws.scheduler.schedule-arn>"
      attempt       = "<aws.scheduler.attempt-number>"
    })

    retry_policy {
      maximum_event_age_in_seconds = 3600
      maximum_retry_attempts       = 3
    }

    dead_letter_config {
      arn = aws_sqs_queue.schedule_dlq.arn
    }
  }
}
