# The smallest deployment: the two functions, the buckets and the HTTP API, reading one data prefix.
#   ./updraft package            # builds both packages, prints their paths and sizes
#   terraform init && terraform apply -var data_prefix=s3://my-data/tpch/

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

variable "region" {
  description = "AWS region to deploy to."
  type        = string
  default     = "us-east-1"
}

variable "data_prefix" {
  description = "The input data the functions may read, as s3://bucket/prefix/."
  type        = string
}

module "updraft" {
  source = "../.."

  name_prefix         = "updraft"
  worker_package      = "${path.root}/../../../worker-function/target/function.zip"
  coordinator_package = "${path.root}/../../../coordinator-function/target/function.zip"
  data_prefixes       = [var.data_prefix]
}

output "api_endpoint" {
  description = "POST $api_endpoint/queries with a SigV4-signed request (service execute-api)."
  value       = module.updraft.api_endpoint
}

output "results_bucket" {
  description = "Where query state and results are kept."
  value       = module.updraft.results_bucket
}

output "api_invoke_policy_json" {
  description = "The IAM policy a caller of the API needs (attach it to your users or roles)."
  value       = module.updraft.api_invoke_policy_json
}

output "worker_function_name" {
  description = "The worker, for master(\"lambda\") sessions from your own JVM (updraft.lambda.functionName)."
  value       = module.updraft.worker_function_name
}

output "shuffle_bucket" {
  description = "updraft.shuffle.root of such sessions is s3://<shuffle_bucket>/shuffle."
  value       = module.updraft.shuffle_bucket
}

output "coordinator_log_group" {
  description = "The coordinator's log group: one job summary line (with its cost) per job."
  value       = module.updraft.coordinator_log_group
}
