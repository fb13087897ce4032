"""The CI recipes a team copies (docs/ci/): the GitHub Actions workflow accepted by actionlint
(with ShellCheck on each step's shell), the GitLab CI file by GitLab's own schema, and the
shell of both run, step by step, on a clean clone of the repository, so that a recipe that
cannot work fails here. The hosted actions (checkout, caches, uploads, Pages) are GitHub's and
GitLab's; the clone stands in for their cache by holding the tool's build as the cache would."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
import yaml

from tool import ROOT, passkey_spec

RECIPES = ROOT / "docs" / "ci"
BIN = pathlib.Path(sys.executable).parent


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def test_actionlint_accepts_the_workflow(tmp_path):
    found = run([str(BIN / "actionlint"), "-no-color", str(RECIPES / "github-actions.yml")])
    assert found.returncode == 0, found.stdout + found.stderr
    # A control: actionlint does find a mistake in a workflow (a step with no action or shell).
    broken = tmp_path / "broken.yml"
    broken.write_text((RECIPES / "github-actions.yml").read_text().replace("run: scripts/install-tool.sh", "rnu: scripts/install-tool.sh"))
    found = run([str(BIN / "actionlint"), "-no-color", str(broken)])
    assert found.returncode == 1 and 'must run script with "run" section' in found.stdout, found.stdout + found.stderr


def test_gitlabs_schema_accepts_the_gitlab_file(tmp_path):
    def check(path):
        return run([str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.gitlab-ci",
                    "--data-transform", "gitlab-ci", str(path)])
    found = check(RECIPES / "gitlab-ci.yml")
    assert found.returncode == 0, found.stdout + found.stderr
    broken = tmp_path / "broken.yml"
    broken.write_text((RECIPES / "gitlab-ci.yml").read_text().replace("    when: always", "    when: sometimes"))
    found = check(broken)
    assert found.returncode == 1 and "'sometimes' is not one of" in found.stdout, found.stdout


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A clean clone of the repository's last commit, with the tool's build in .build/tool/ as
    the recipes' cache restores it (under the hash of its sources), and its own home."""
    folder = tmp_path_factory.mktemp("recipes") / "repository"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(folder)], check=True)
    tool = folder / ".build" / "tool"
    tool.mkdir(parents=True)
    shutil.copy2(passkey_spec(), tool / "passkey-spec")
    hashed = run(["scripts/install-tool.sh", "--hash"], cwd=folder, check=True).stdout.strip()
    (tool / "sources").write_text(hashed + "\n")
    return folder


def environment(folder, extra=None):
    home = folder.parent / "home"
    home.mkdir(exist_ok=True)
    values = dict(os.environ, HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    values.pop("PASSKEY_SPEC_CACHE", None)
    values.update(extra or {})
    return values


def assert_reports(folder, site):
    for name in ("lint.sarif", "check.sarif"):
        report = json.loads((folder / name).read_text())
        assert report["version"] == "2.1.0" and report["runs"][0]["tool"]["driver"]["name"] == "passkey-spec"
    suites = ElementTree.parse(folder / "junit.xml").getroot()
    assert int(suites.get("tests")) > 0 and suites.get("failures") == "0"
    assert (folder / site / "index.html").is_file()
    assert (folder / site / "exports" / "Localizable.xcstrings").is_file()


def test_the_workflows_shell_steps_pass_on_a_clean_clone(clone):
    workflow = yaml.safe_load((RECIPES / "github-actions.yml").read_text())
    steps = [step for job in workflow["jobs"].values() for step in job["steps"] if "run" in step]
    assert [step["name"] for step in steps] == ["Build passkey-spec", "Lint", "Check", "Build the site"]
    for step in steps:
        # GitHub runs a step's shell as `sh -e` in a container, with no expression left in it.
        assert "${{" not in step["run"], step["name"]
        done = run(["sh", "-e", "-c", step["run"]], cwd=clone, env=environment(clone))
        assert done.returncode == 0, f"{step['name']}: {done.stdout}{done.stderr}"
    assert "the cached build of these sources" in run(
        ["sh", "-e", "-c", steps[0]["run"]], cwd=clone, env=environment(clone)).stdout
    assert_reports(clone, "public")
    assert (clone.parent / "home" / ".cache" / "passkey-spec").is_dir(), "the cache the workflow keeps"


def test_the_gitlab_files_scripts_pass_on_a_clean_clone(clone):
    recipe = yaml.safe_load((RECIPES / "gitlab-ci.yml").read_text())
    variables = {name: value.replace("$CI_PROJECT_DIR", str(clone)) for name, value in recipe["variables"].items()}
    for job in ("check", "pages"):
        shutil.rmtree(clone / "public", ignore_errors=True) if job == "check" else None
        script = "\n".join(recipe[job]["script"])
        done = run(["sh", "-e", "-c", script], cwd=clone, env=environment(clone, variables))
        assert done.returncode == 0, f"{job}: {done.stdout}{done.stderr}"
    for path in recipe["check"]["artifacts"]["paths"] + [recipe["check"]["artifacts"]["reports"]["junit"]]:
        assert (clone / path).exists(), path
    assert_reports(clone, "public")
    assert pathlib.Path(variables["PASSKEY_SPEC_CACHE"]).is_dir(), "the cache the file keeps"
