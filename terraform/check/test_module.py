"""Structural checks of the Updraft terraform module, on its HCL as python-hcl2 parses it.

Run by run.sh: test_module.py MODULE_DIR. Asserts resources, references and policies: every bucket private and
KMS-encrypted, no wildcard S3 resource, every route IAM-authorized, least-privilege roles, schedules with a DLQ,
functions sized from variables, log groups with retention, no credentials in function environments.
"""
import glob
import os
import re
import sys
import unittest

import hcl2

MODULE = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")


def unquote(value):
    """python-hcl2 8 keeps HCL's quotes on strings and block labels; strip them, recursively."""
    if isinstance(value, str):
        return value[1:-1] if len(value) >= 2 and value[0] == '"' and value[-1] == '"' else value
    if isinstance(value, list):
        return [unquote(v) for v in value]
    if isinstance(value, dict):
        return {unquote(k): unquote(v) for k, v in value.items() if k != "__is_block__"}
    return value


def load(directory):
    merged = {"resource": {}, "data": {}, "variable": {}, "output": {}, "locals": {}, "module": {}}
    for path in sorted(glob.glob(os.path.join(directory, "*.tf"))):
        with open(path) as f:
            parsed = unquote(hcl2.load(f))
        for kind in ("resource", "data"):
            for block in parsed.get(kind, []):
                for rtype, named in block.items():
                    for name, body in named.items():
                        merged[kind].setdefault(rtype, {})[name] = body
        for kind in ("variable", "output", "module"):
            for block in parsed.get(kind, []):
                merged[kind].update(block)
        for block in parsed.get("locals", []):
            merged["locals"].update(block)
    return merged


M = load(MODULE)


def resources(rtype):
    return M["resource"].get(rtype, {})


def statements(doc):
    """Static statements and the content of dynamic statement blocks of an aws_iam_policy_document."""
    out = list(doc.get("statement", []))
    for dyn in doc.get("dynamic", []):
        for label, body in dyn.items():
            if label == "statement":
                out.extend(body.get("content", []))
    return out


def as_list(value):
    return value if isinstance(value, list) else [value]


def policy(name):
    return statements(M["data"]["aws_iam_policy_document"][name])


def resolve(ref):
    """${local.x} -> the local's expression (one level), for asserting what a policy's resources stand for."""
    m = re.fullmatch(r"\$\{local\.([a-z_]+)\}", ref)
    return M["locals"][m.group(1)] if m else ref


S3_WRITE = {"s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"}


class ModuleFiles(unittest.TestCase):
    def test_the_module_has_its_files_and_examples(self):
        for f in ("versions.tf", "variables.tf", "outputs.tf", "main.tf", "README.md",
                  "examples/basic/main.tf", "examples/scheduled/main.tf"):
            self.assertTrue(os.path.isfile(os.path.join(MODULE, f)), f + " is missing")

    def test_every_variable_and_output_is_described_and_in_the_readme(self):
        with open(os.path.join(MODULE, "README.md")) as f:
            readme = f.read()
        self.assertGreater(len(M["variable"]), 10)
        for name, body in M["variable"].items():
            self.assertTrue(body.get("description"), "variable %s has no description" % name)
            self.assertIn("type", body, "variable %s has no type" % name)
            self.assertIn("`%s`" % name, readme, "variable %s is not in README.md's inputs" % name)
        for name, body in M["output"].items():
            self.assertTrue(body.get("description"), "output %s has no description" % name)
            self.assertIn("`%s`" % name, readme, "output %s is not in README.md's outputs" % name)

    def test_the_examples_call_the_module_with_both_packages(self):
        for example in ("basic", "scheduled"):
            ex = load(os.path.join(MODULE, "examples", example))
            call = ex["module"]["updraft"]
            self.assertEqual(call["source"], "../..")
            for var in ("worker_package", "coordinator_package", "data_prefixes"):
                self.assertIn(var, call, "%s example does not set %s" % (example, var))
            unknown = set(call) - set(M["variable"]) - {"source"}
            self.assertFalse(unknown, "%s example sets unknown inputs %s" % (example, unknown))
        scheduled = load(os.path.join(MODULE, "examples", "scheduled"))["module"]["updraft"]
        self.assertGreaterEqual(len(scheduled["schedules"]), 2)

    def test_every_checkov_skip_carries_its_reason(self):
        skips = 0
        for path in glob.glob(os.path.join(MODULE, "**", "*.tf"), recursive=True):
            with open(path) as f:
                lines = f.readlines()
            for line in lines:
                if "checkov:skip" in line:
                    skips += 1
                    self.assertRegex(line, r"#checkov:skip=CKV2?_AWS_\d+:\S.{20,}", "skip without a reason: " + line)
        self.assertGreater(skips, 0)


class Buckets(unittest.TestCase):
    def test_every_bucket_blocks_public_access_and_is_kms_encrypted(self):
        buckets = resources("aws_s3_bucket")
        self.assertEqual(set(buckets), {"shuffle", "results"})
        covered = {re.fullmatch(r"\$\{aws_s3_bucket\.(\w+)\}", v).group(1) for v in M["locals"]["buckets"].values()}
        self.assertEqual(covered, set(buckets))
        pab = resources("aws_s3_bucket_public_access_block")["this"]
        self.assertEqual(pab["for_each"], "${local.buckets}")
        for flag in ("block_public_acls", "block_public_policy", "ignore_public_acls", "restrict_public_buckets"):
            self.assertIs(pab[flag], True, flag)
        sse = resources("aws_s3_bucket_server_side_encryption_configuration")["this"]
        self.assertEqual(sse["for_each"], "${local.buckets}")
        default = sse["rule"][0]["apply_server_side_encryption_by_default"][0]
        self.assertEqual(default["sse_algorithm"], "aws:kms")
        self.assertEqual(default["kms_master_key_id"], "${aws_kms_key.updraft.arn}")
        ownership = resources("aws_s3_bucket_ownership_controls")["this"]
        self.assertEqual(ownership["rule"][0]["object_ownership"], "BucketOwnerEnforced")

    def test_no_bucket_is_public(self):
        self.assertNotIn("aws_s3_bucket_acl", M["resource"])
        for name, body in resources("aws_s3_bucket").items():
            self.assertNotIn("acl", body, name)
            self.assertNotIn("website", body, name)
        self.assertNotIn("aws_s3_bucket_website_configuration", M["resource"])
        for pol in resources("aws_s3_bucket_policy").values():
            doc = re.fullmatch(r"\$\{data\.aws_iam_policy_document\.(\w+)(\[each\.key\])?\.json\}", pol["policy"])
            self.assertIsNotNone(doc, "bucket policies come from policy documents")
            for st in policy(doc.group(1)):
                self.assertEqual(st.get("effect"), "Deny", "a bucket policy only denies (no public grant)")

    def test_the_shuffle_prefix_expires_by_lifecycle(self):
        rules = resources("aws_s3_bucket_lifecycle_configuration")["shuffle"]
        self.assertEqual(rules["bucket"], "${aws_s3_bucket.shuffle.id}")
        expiring = [r for r in rules["rule"] if r.get("expiration")]
        self.assertEqual([r["filter"][0]["prefix"] for r in expiring], ["${local.shuffle_prefix}"])
        self.assertEqual(expiring[0]["expiration"][0]["days"], "${var.shuffle_expiration_days}")
        results = resources("aws_s3_bucket_lifecycle_configuration")["results"]
        prefixes = {v["prefix"] for v in results["dynamic"][0]["rule"]["for_each"].values()}
        self.assertEqual(prefixes, {"${local.state_prefix}", "${local.queue_prefix}", "${local.results_prefix}"})


class Policies(unittest.TestCase):
    def all_statements(self):
        for name, doc in M["data"]["aws_iam_policy_document"].items():
            for st in statements(doc):
                yield name, st

    def test_no_wildcard_s3_resource(self):
        checked = 0
        for name, st in self.all_statements():
            actions = as_list(st.get("actions", []))
            if not any(a.startswith("s3:") for a in actions):
                continue
            checked += 1
            if st.get("effect", "Allow") == "Allow":
                self.assertNotIn("s3:*", actions, name)
            for r in as_list(st.get("resources", [])):
                for arn in as_list(resolve(r)):
                    self.assertNotEqual(arn, "*", "%s: %s" % (name, st))
                    self.assertNotRegex(arn, r"^arn:[^:]*:s3:::\*", name)
                    bucket = re.sub(r"^arn:[^:]*:s3:::", "", arn).split("/")[0]
                    self.assertNotIn("*", bucket, "%s: wildcard bucket in %s" % (name, arn))
        self.assertGreater(checked, 8)

    def test_the_worker_writes_only_the_shuffle_prefix_and_pending_outputs(self):
        self.assertEqual(M["locals"]["shuffle_objects"], "${aws_s3_bucket.shuffle.arn}/${local.shuffle_prefix}*")
        self.assertEqual(M["locals"]["shuffle_prefix"], "shuffle/")
        self.assertEqual(M["locals"]["output_objects"], "${aws_s3_bucket.results.arn}/${local.outputs_prefix}*")
        writes = 0
        for st in policy("worker"):
            actions = set(as_list(st["actions"]))
            self.assertFalse(any(a.startswith("lambda:") or a.startswith("iam:") for a in actions), st)
            self.assertNotIn("s3:DeleteObject", actions)
            if actions & S3_WRITE:
                writes += 1
                self.assertIn(st["resources"], (["${local.shuffle_objects}"], ["${local.output_objects}"]))
            if st["resources"] == ["${local.output_objects}"]:
                self.assertEqual(actions, {"s3:PutObject", "s3:AbortMultipartUpload"}, "outputs: write only")
            if "s3:GetObject" in actions:
                self.assertIn(st["resources"], (["${local.shuffle_objects}"], "${local.data_object_arns}"))
            if "s3:ListBucket" in actions:
                self.assertEqual(st["condition"][0]["variable"], "s3:prefix")
        self.assertEqual(writes, 2)

    def test_the_coordinator_invokes_only_the_worker_and_writes_only_its_prefixes(self):
        invokes = [st for st in policy("coordinator") if any(a.startswith("lambda:") for a in as_list(st["actions"]))]
        self.assertEqual(len(invokes), 1)
        self.assertEqual(invokes[0]["actions"], ["lambda:InvokeFunction"])
        self.assertEqual(invokes[0]["resources"], ["${aws_lambda_function.worker.arn}",
                                                   "${aws_lambda_function.worker.qualified_arn}"])
        allowed = {"${local.shuffle_objects}", "${local.coordinator_result_objects}"}
        for st in policy("coordinator"):
            if set(as_list(st["actions"])) & S3_WRITE:
                for r in as_list(st["resources"]):
                    self.assertIn(r, allowed)
        objects = M["locals"]["coordinator_result_objects"]
        for prefix in ("state_prefix", "results_prefix"):
            self.assertIn("local." + prefix, objects)
        self.assertNotIn("package_prefix", objects, "the coordinator never touches the packages")

    def test_the_coordinator_may_list_the_open_uploads_it_aborts(self):
        # OutputCommitter.discardAbandoned lists multipart uploads (S3OutputFolder) in the outputs and shuffle buckets.
        lists = [st for st in policy("coordinator") if "s3:ListBucketMultipartUploads" in as_list(st["actions"])]
        self.assertEqual(len(lists), 1)
        self.assertEqual(set(as_list(lists[0]["resources"])),
                         {"${aws_s3_bucket.results.arn}", "${aws_s3_bucket.shuffle.arn}"})

    def test_the_scheduler_invokes_only_the_coordinator(self):
        for st in policy("scheduler"):
            if any(a.startswith("lambda:") for a in as_list(st["actions"])):
                self.assertEqual(st["resources"], ["${aws_lambda_function.coordinator.arn}"])
        role = resources("aws_iam_role")["scheduler"]
        self.assertEqual(role["assume_role_policy"], "${data.aws_iam_policy_document.scheduler_assume.json}")

    def test_only_xray_and_the_kms_key_policy_use_a_star_resource(self):
        for name, st in self.all_statements():
            if "*" in as_list(st.get("resources", [])):
                actions = as_list(st["actions"])
                ok = name == "kms" or all(a.startswith("xray:") for a in actions)
                self.assertTrue(ok, "%s: * resource for %s" % (name, actions))

    def test_every_lambda_permission_names_its_source(self):
        perms = resources("aws_lambda_permission")
        self.assertEqual(set(perms), {"s3_queue", "api"})
        for name, p in perms.items():
            self.assertIn("source_arn", p, name)
            self.assertEqual(p["function_name"], "${aws_lambda_function.coordinator.function_name}")


class Api(unittest.TestCase):
    def test_every_route_requires_iam_authorization(self):
        self.assertEqual(set(M["locals"]["routes"].values()),
                         {"POST /queries", "GET /queries/{id}", "DELETE /queries/{id}"})
        routes = resources("aws_apigatewayv2_route")
        self.assertEqual(set(routes), {"queries"})
        self.assertEqual(routes["queries"]["for_each"], "${local.routes}")
        self.assertEqual(routes["queries"]["authorization_type"], "AWS_IAM")
        self.assertNotIn("$default", str(routes), "no catch-all route")

    def test_the_integration_is_the_coordinator_with_payload_2_0(self):
        integration = resources("aws_apigatewayv2_integration")["coordinator"]
        self.assertEqual(integration["integration_type"], "AWS_PROXY")
        self.assertEqual(integration["payload_format_version"], "2.0")
        self.assertEqual(integration["integration_uri"], "${aws_lambda_function.coordinator.invoke_arn}")
        stage = resources("aws_apigatewayv2_stage")["default"]
        self.assertEqual(stage["access_log_settings"][0]["destination_arn"], "${aws_cloudwatch_log_group.api.arn}")


class Functions(unittest.TestCase):
    def test_functions_are_sized_from_variables_and_built_from_the_packages(self):
        for name in ("worker", "coordinator"):
            f = resources("aws_lambda_function")[name]
            self.assertEqual(f["memory_size"], "${var.%s_memory_mb}" % name)
            self.assertEqual(f["timeout"], "${var.%s_timeout_seconds}" % name)
            self.assertEqual(f["reserved_concurrent_executions"], "${var.%s_reserved_concurrency}" % name)
            self.assertEqual(f["architectures"], ["${var.architecture}"])
            self.assertEqual(f["source_code_hash"], "${filebase64sha256(var.%s_package)}" % name)
            self.assertEqual(f["s3_key"], '${aws_s3_object.package["%s"].key}' % name)
            self.assertEqual(f["role"], "${aws_iam_role.%s.arn}" % name)
            self.assertEqual(f["logging_config"][0]["log_group"], "${aws_cloudwatch_log_group.%s.name}" % name)

    def test_every_log_group_has_the_retention_variable(self):
        groups = resources("aws_cloudwatch_log_group")
        self.assertEqual(set(groups), {"worker", "coordinator", "api"})
        for g in groups.values():
            self.assertEqual(g["retention_in_days"], "${var.log_retention_days}")
            self.assertEqual(g["kms_key_id"], "${aws_kms_key.updraft.arn}")

    def test_no_credentials_in_function_environments(self):
        for name, f in resources("aws_lambda_function").items():
            for env in f.get("environment", []):
                for key in env["variables"]:
                    self.assertNotRegex(key, r"(?i)(access_?key|secret|token|password|credential)", name)

    def test_every_coordinator_variable_is_one_the_function_reads(self):
        source = os.path.join(MODULE, "..", "coordinator-function", "src", "main", "java", "io", "updraft",
                              "function", "FunctionConfig.java")
        with open(source) as f:
            read = set(re.findall(r'"(UPDRAFT_[A-Z_]+)"', f.read()))
        env = resources("aws_lambda_function")["coordinator"]["environment"][0]["variables"]
        for key in env:
            if key.startswith("UPDRAFT_"):
                self.assertIn(key, read, "lambda.tf sets %s, which FunctionConfig does not read" % key)

    def test_the_coordinator_is_told_its_worker_and_its_roots(self):
        env = resources("aws_lambda_function")["coordinator"]["environment"][0]["variables"]
        self.assertEqual(env["UPDRAFT_WORKER_FUNCTION"], "${local.worker_invoke_name}")
        self.assertIn("var.snap_start ? aws_lambda_function.worker.qualified_arn", M["locals"]["worker_invoke_name"])
        self.assertIn("aws_s3_bucket.shuffle.bucket", env["UPDRAFT_SHUFFLE_ROOT"])
        self.assertEqual(env["UPDRAFT_RESULTS_BUCKET"], "${aws_s3_bucket.results.bucket}")

    def test_snap_start_is_an_option_of_the_worker_only(self):
        self.assertEqual(M["variable"]["snap_start"]["default"], False)
        worker = resources("aws_lambda_function")["worker"]
        self.assertEqual(worker["publish"], "${var.snap_start}")
        dyn = [d["snap_start"] for d in worker.get("dynamic", []) if "snap_start" in d]
        self.assertEqual(len(dyn), 1)
        self.assertIn("var.snap_start", dyn[0]["for_each"])
        self.assertEqual(dyn[0]["content"][0]["apply_on"], "PublishedVersions")
        self.assertNotIn("ephemeral_storage", worker, "SnapStart allows no more than the default 512 MB of /tmp")
        coordinator = resources("aws_lambda_function")["coordinator"]
        self.assertNotIn("snap_start", str(coordinator.get("dynamic", [])))


class Schedules(unittest.TestCase):
    def test_one_schedule_per_job_with_a_dead_letter_queue(self):
        self.assertEqual(M["locals"]["schedules"], "${{for s in var.schedules : s.name => s}}")
        schedule = resources("aws_scheduler_schedule")["job"]
        self.assertEqual(schedule["for_each"], "${local.schedules}")
        target = schedule["target"][0]
        self.assertEqual(target["arn"], "${aws_lambda_function.coordinator.arn}")
        self.assertEqual(target["role_arn"], "${aws_iam_role.scheduler.arn}")
        self.assertEqual(target["dead_letter_config"][0]["arn"], "${aws_sqs_queue.schedule_dlq.arn}")
        for placeholder in ("<aws.scheduler.scheduled-time>", "<aws.scheduler.schedule-arn>"):
            self.assertIn(placeholder, target["input"])
        self.assertIn("kms_master_key_id", resources("aws_sqs_queue")["schedule_dlq"])


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print("terraform module: %d passed, %d failed" % (result.testsRun - failed, failed))
    sys.exit(1 if failed or result.testsRun == 0 else 0)
