# The basic deployment plus three scheduled jobs: a daily revenue report (cron, in a time zone, CSV), an hourly
# row count (Parquet, the default, replaced atomically each run) and a job class from the job jar packaged into the
# coordinator (updraft package --job-jar app.jar; coordinator_package then names function-with-job.zip), writing under the results
# bucket's outputs/ (the only place workers may write; the bucket is <name_prefix>-results-<account>-<region>). Each
# delivery runs once (run id = schedule + scheduled time); failed deliveries go to the DLQ.

terraform {
  required_version = ">= 1.5.0"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.60.0, < 7.0.0"
    }
  }
}

provider "aws" {
  region = var.region
}

data "aws_caller_identity" "current" {}

variable "region" {
  description = "AWS region to deploy to."
  type        = string
  default     = "us-east-1"
}

variable "data_bucket" {
  description = "Bucket holding the TPC-H tables under tpch/ (e.g. written by ./updraft demo and copied with aws s3 sync)."
  type        = string
}

module "updraft" {
  source = "../.."

  name_prefix                 = "updraft-jobs"
  worker_package              = "${path.root}/../../../worker-function/target/function.zip"
  coordinator_package         = "${path.root}/../../../coordinator-function/target/function.zip"
  data_prefixes               = ["s3://${var.data_bucket}/tpch/"]
  worker_memory_mb            = 4096
  worker_reserved_concurrency = 200
  log_retention_days          = 365

  schedules = [
    {
      name       = "daily-revenue"
      expression = "cron(15 6 * * ? *)"
      timezone   = "Europe/Paris"
      sql = [
        "select l_returnflag, l_linestatus, sum(l_extendedprice * (1 - l_discount)) as revenue from lineitem where l_shipdate >= date '1998-01-01' group by l_returnflag, l_linestatus order by l_returnflag, l_linestatus"
      ]
      tables = { lineitem = "s3://${var.data_bucket}/tpch/lineitem/" }
      output = "reports/daily-revenue"
      format = "csv"
    },
    {
      name       = "hourly-orders"
      expression = "rate(1 hour)"
      sql        = ["select o_orderstatus, count(*) as n from orders group by o_orderstatus order by o_orderstatus"]
      tables     = { orders = "s3://${var.data_bucket}/tpch/orders/" }
      output     = "counts/orders"
    },
    {
      name       = "weekly-segments"
      expression = "cron(0 3 ? * MON *)"
      job_class  = "com.example.SegmentJob"
      args       = ["s3://${var.data_bucket}/tpch/customer/", "s3://updraft-jobs-results-${data.aws_caller_identity.current.account_id}-${var.region}/outputs/segments/"]
      enabled    = false
    },
  ]
}

output "api_endpoint" {
  description = "Base URL of the HTTP API."
  value       = module.updraft.api_endpoint
}

output "schedule_arns" {
  description = "The schedules, by name."
  value       = module.updraft.schedule_arns
}

output "schedule_dlq_url" {
  description = "Deliveries that could not reach the coordinator."
  value       = module.updraft.schedule_dlq_url
}
