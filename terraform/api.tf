# The HTTP API: three routes, each requiring IAM (SigV4) authorization, proxied to the coordinator with payload
# format 2.0. Access logs go to their own log group.

resource "aws_apigatewayv2_api" "queries" {
  name          = "${var.name_prefix}-queries"
  protocol_type = "HTTP"
  description   = "Updraft queries: POST /queries, GET /queries/{id}, DELETE /queries/{id}"
  tags          = local.tags
}

resource "aws_apigatewayv2_integration" "coordinator" {
  api_id                 = aws_apigatewayv2_api.queries.id
  integration_type       = "AWS_PROXY"
  integration_uri        = aws_lambda_function.coordinator.invoke_arn
  integration_method     = "POST"
  payload_format_version = "2.0"
  timeout_milliseconds   = 30000
}

locals {
  routes = {
    submit = "POST /queries"
    status = "GET /queries/{id}"
    cancel = "DELETE /queries/{id}"
  }
}

resource "aws_apigatewayv2_route" "queries" {
  for_each           = local.routes
  api_id             = aws_apigatewayv2_api.queries.id
  route_key          = each.value
  authorization_type = "AWS_IAM"
  target             = "integrations/${aws_apigatewayv2_integration.coordinator.id}"
}

resource "aws_cloudwatch_log_group" "api" {
  name              = "/aws/apigateway/${var.name_prefix}-queries"
  retention_in_days = var.log_retention_days
  kms_key_id        = aws_kms_key.updraft.arn
  tags              = local.tags
}

resource "aws_apigatewayv2_stage" "default" {
  api_id      = aws_apigatewayv2_api.queries.id
  name        = "$default"
  auto_deploy = true

  default_route_settings {
    throttling_burst_limit = 50
    throttling_rate_limit  = 20
  }

  access_log_settings {
    destination_arn = aws_cloudwatch_log_group.api.arn
    format = jsonencode({
      requestId      = "$context.requestId"
      caller         = "$context.identity.caller"
      userArn        = "$context.identity.userArn"
      routeKey       = "$context.routeKey"
      status         = "$context.status"
      latencyMs      = "$context.responseLatency"
      integrationErr = "$context.integrationErrorMessage"
    })
  }

  tags = local.tags
}

resource "aws_lambda_permission" "api" {
  for_each      = local.routes
  statement_id  = "ApiRoute-${each.key}"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_function.coordinator.function_name
  principal     = "apigateway.amazonaws.com"
  source_arn    = "${aws_apigatewayv2_api.queries.execution_arn}/${aws_apigatewayv2_stage.default.name}/${replace(each.value, " ", "")}"
}

# What a caller needs to use the API (the module's output api_invoke_policy_json).
data "aws_iam_policy_document" "api_callers" {
  statement {
    sid     = "CallUpdraftQueries"
    actions = ["execute-api:Invoke"]
    resources = [for r in values(local.routes) :
    "${aws_apigatewayv2_api.queries.execution_arn}/${aws_apigatewayv2_stage.default.name}/${replace(r, " ", "")}"]
  }
}
