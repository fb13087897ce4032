# Sourced by the scripts that install the tests' Python packages. `shared_venv REQUIREMENTS
# LINK WHAT` makes (once per machine) a virtualenv with REQUIREMENTS and links LINK to it.
#
# The virtualenv lives in the user's cache, named by a hash of the requirements and of the
# Python that runs it, so that every clone and worktree on the machine shares one: a clean
# clone finds it made. A new requirements file makes a new one.
shared_venv() {
    local requirements=$1 link=$2 what=$3
    local python key cache venv
    python=$(command -v python3)
    key=$( { cat "$requirements"; "$python" -c 'import sys; print(sys.executable, sys.version)'; } | sha256sum | cut -c1-16)
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/passkey-spec-test-venv"
    venv="$cache/$key"
    mkdir -p "$cache"
    if [ ! -e "$venv/.complete" ]; then
        # One clone at a time makes it; the others wait and then use it.
        exec 9>"$cache/$key.lock"
        flock 9
        if [ ! -e "$venv/.complete" ]; then
            echo "Creating $what virtualenv in $venv" >&2
            rm -rf "$venv"
            "$python" -m venv "$venv"
            "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
            cp "$requirements" "$venv/requirements.txt"
            touch "$venv/.complete"
        fi
        flock -u 9
        exec 9>&-
    fi
    if [ "$(readlink "$link" 2>/dev/null)" != "$venv" ]; then
        rm -rf "$link"
        ln -s "$venv" "$link"
    fi
}
