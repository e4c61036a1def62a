output "api_endpoint" {
  description = "Base URL of the HTTP API (POST /queries, GET and DELETE /queries/{id}); requests are SigV4-signed (service execute-api)."
  value       = aws_apigatewayv2_api.queries.api_endpoint
}

output "api_id" {
  description = "Id of the HTTP API."
  value       = aws_apigatewayv2_api.queries.id
}

output "api_invoke_policy_json" {
  description = "An IAM policy document that lets a principal call the API's routes (attach it to your callers)."
  value       = data.aws_iam_policy_document.api_callers.json
}

output "worker_function_name" {
  description = "Name of the worker function (updraft.lambda.functionName for a session in your own JVM)."
  value       = aws_lambda_function.worker.function_name
}

output "worker_function_arn" {
  description = "ARN of the worker function."
  value       = aws_lambda_function.worker.arn
}

output "coordinator_function_name" {
  description = "Name of the coordinator function."
  value       = aws_lambda_function.coordinator.function_name
}

output "coordinator_function_arn" {
  description = "ARN of the coordinator function."
  value       = aws_lambda_function.coordinator.arn
}

output "shuffle_bucket" {
  description = "The shuffle bucket (updraft.shuffle.root is s3://<this>/shuffle)."
  value       = aws_s3_bucket.shuffle.bucket
}

output "results_bucket" {
  description = "The results bucket: state/ (query state), results/ (query results), outputs/ (scheduled outputs)."
  value       = aws_s3_bucket.results.bucket
}

output "kms_key_arn" {
  description = "The KMS key encrypting the buckets, logs, queues and function environments."
  value       = aws_kms_key.updraft.arn
}

output "schedule_arns" {
  description = "ARN of each schedule, by name."
  value       = { for k, s in aws_scheduler_schedule.job : k => s.arn }
}

output "schedule_dlq_url" {
  description = "The dead-letter queue of scheduled deliveries that could not reach the coordinator."
  value       = aws_sqs_queue.schedule_dlq.url
}

output "coordinator_log_group" {
  description = "Log group of the coordinator (the job summary with its cost is one line per run)."
  value       = aws_cloudwatch_log_group.coordinator.name
}
