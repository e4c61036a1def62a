variable "name_prefix" {
  description = "Prefix of every resource name (functions, buckets, roles, API, schedules)."
  type        = string
  default     = "updraft"

  validation {
    condition     = can(regex("^[a-z0-9][a-z0-9-]{1,30}$", var.name_prefix))
    error_message = "name_prefix: 2 to 31 lowercase letters, digits or dashes, starting with a letter or digit."
  }
}

variable "worker_package" {
  description = "Path of the worker's function.zip (worker-function/target/function.zip, or `updraft package`)."
  type        = string
}

variable "coordinator_package" {
  description = "Path of the coordinator's function.zip (coordinator-function/target/function.zip, or `updraft package`)."
  type        = string
}

variable "data_prefixes" {
  description = "Input data the functions may read, as s3://bucket/prefix/ URIs (read-only access to exactly these prefixes)."
  type        = list(string)
  default     = []

  validation {
    condition     = alltrue([for p in var.data_prefixes : can(regex("^s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]/([^*]+/)?$", p))])
    error_message = "data_prefixes: each entry is s3://bucket/ or s3://bucket/prefix/ (ending in /, no wildcards)."
  }
}

variable "architecture" {
  description = "Instruction set of both functions: x86_64 or arm64 (the JVM packages run on either)."
  type        = string
  default     = "x86_64"

  validation {
    condition     = contains(["x86_64", "arm64"], var.architecture)
    error_message = "architecture: x86_64 or arm64."
  }
}

variable "snap_start" {
  description = "Lambda SnapStart for the worker (java21): init and priming run once per published version and each environment restores from the snapshot (the worker's CRaC hooks: worker-function/README.md). /tmp is then limited to 512 MB: spills beyond that fail, so keep tasks small (more shuffle partitions)."
  type        = bool
  default     = false
}

variable "worker_memory_mb" {
  description = "Worker memory in MB (also the coordinator's updraft.lambda.memoryMb, which prices GB-seconds)."
  type        = number
  default     = 3008

  validation {
    condition     = var.worker_memory_mb >= 512 && var.worker_memory_mb <= 10240
    error_message = "worker_memory_mb: 512 to 10240."
  }
}

variable "worker_timeout_seconds" {
  description = "Worker function timeout in seconds (a task running longer fails as TIMEOUT and is retried)."
  type        = number
  default     = 900

  validation {
    condition     = var.worker_timeout_seconds >= 10 && var.worker_timeout_seconds <= 900
    error_message = "worker_timeout_seconds: 10 to 900."
  }
}

variable "worker_reserved_concurrency" {
  description = "Reserved concurrency of the worker (the most tasks running at once across all queries); -1 = unreserved."
  type        = number
  default     = 100
}

variable "coordinator_memory_mb" {
  description = "Coordinator memory in MB (it plans, schedules and decodes results; tasks run on the workers)."
  type        = number
  default     = 2048

  validation {
    condition     = var.coordinator_memory_mb >= 512 && var.coordinator_memory_mb <= 10240
    error_message = "coordinator_memory_mb: 512 to 10240."
  }
}

variable "coordinator_timeout_seconds" {
  description = "Coordinator function timeout in seconds (a run that outlives it continues in a new invocation)."
  type        = number
  default     = 900

  validation {
    condition     = var.coordinator_timeout_seconds >= 30 && var.coordinator_timeout_seconds <= 900
    error_message = "coordinator_timeout_seconds: 30 to 900."
  }
}

variable "coordinator_reserved_concurrency" {
  description = "Reserved concurrency of the coordinator (API requests, runs and schedules at once); -1 = unreserved."
  type        = number
  default     = 20
}

variable "worker_max_concurrency" {
  description = "updraft.lambda.maxConcurrency of each coordinator: worker invocations in flight per query."
  type        = number
  default     = 100
}

variable "sync_wait_seconds" {
  description = "How long POST /queries waits for a result before it answers 202 with the query id (below API Gateway's 30 s)."
  type        = number
  default     = 20

  validation {
    condition     = var.sync_wait_seconds >= 0 && var.sync_wait_seconds <= 28
    error_message = "sync_wait_seconds: 0 to 28 (API Gateway ends an integration after 30 s)."
  }
}

variable "result_url_expiry_seconds" {
  description = "Lifetime of the presigned result URL GET /queries/{id} answers (at most the coordinator role's session)."
  type        = number
  default     = 900
}

variable "max_result_rows" {
  description = "The most rows a query may ask for (limit); larger requests are refused with 400."
  type        = number
  default     = 1000000
}

variable "shuffle_expiration_days" {
  description = "Days after which objects under the shuffle bucket's prefixes expire (the backstop of the coordinator's deletes)."
  type        = number
  default     = 1
}

variable "state_expiration_days" {
  description = "Days after which query state, run claims and run requests expire."
  type        = number
  default     = 7
}

variable "results_expiration_days" {
  description = "Days after which query results (not scheduled outputs) expire."
  type        = number
  default     = 7
}

variable "log_retention_days" {
  description = "Retention of the functions' and the API's log groups, in days (CloudWatch's allowed values)."
  type        = number
  default     = 365
}

variable "schedules" {
  description = <<-EOT
    Scheduled jobs: each runs on the coordinator through EventBridge Scheduler. name: unique; expression: rate(...),
    cron(...) or at(...); either sql: statements (the rows of the last are written to the folder output under the
    results bucket's outputs/, committed atomically: a failed run leaves the previous files), with format (parquet,
    csv, json), mode (overwrite, append, errorifexists, ignore) and partition_by; or job_class: a class of the job jar
    packaged into the coordinator (updraft package --job-jar) run with args. tables: name -> s3 URI (must be inside
    data_prefixes); conf: session settings; timezone: of the cron expression.
  EOT
  type = list(object({
    name         = string
    expression   = string
    sql          = optional(list(string), [])
    job_class    = optional(string)
    args         = optional(list(string), [])
    tables       = optional(map(string), {})
    output       = optional(string)
    format       = optional(string, "parquet")
    mode         = optional(string, "overwrite")
    partition_by = optional(list(string), [])
    timezone     = optional(string, "UTC")
    conf         = optional(map(string), {})
    enabled      = optional(bool, true)
  }))
  default = []

  validation {
    condition     = length(var.schedules) == length(distinct([for s in var.schedules : s.name]))
    error_message = "schedules: names must be unique."
  }

  validation {
    condition     = alltrue([for s in var.schedules : can(regex("^[A-Za-z0-9_-]{1,40}$", s.name)) && (s.output == null || can(regex("^[A-Za-z0-9_/-]{1,200}$", s.output)))])
    error_message = "schedules: name is 1-40 of A-Z a-z 0-9 _ -; output 1-200 of A-Z a-z 0-9 _ - /."
  }

  validation {
    condition     = alltrue([for s in var.schedules : (length(s.sql) > 0 && s.job_class == null && s.output != null) || (length(s.sql) == 0 && s.job_class != null && s.output == null)])
    error_message = "schedules: each job is either sql (with output) or job_class (with args; it writes its own output)."
  }

  validation {
    condition     = alltrue([for s in var.schedules : contains(["parquet", "csv", "json"], s.format) && contains(["overwrite", "append", "errorifexists", "ignore"], s.mode)])
    error_message = "schedules: format is parquet, csv or json; mode is overwrite, append, errorifexists or ignore."
  }
}

variable "tags" {
  description = "Tags added to every resource."
  type        = map(string)
  default     = {}
}
