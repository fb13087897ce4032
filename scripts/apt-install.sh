# Sourced by the scripts that install Debian packages. `apt_install PACKAGE...` installs
# those of the PACKAGEs that are missing (none given, nothing to do); a name ending in `?` is optional: installed when
# the distribution has it, else skipped with a note (the tests that need it say so and skip).
#
# `make test` runs its suites two at a time and each installs what it needs, so an install
# holds a lock for the machine: one apt-get at a time, and a package that another suite
# installed while this one waited is not installed again.
apt_install() {
    local wanted=("$@") missing=() skipped=() package name sudo="" candidate
    missing_of() {
        missing=()
        for package in "${wanted[@]}"; do
            dpkg -s "${package%\?}" >/dev/null 2>&1 || missing+=("$package")
        done
    }
    missing_of
    [ ${#missing[@]} -eq 0 ] && return 0

    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    exec 8>"${TMPDIR:-/tmp}/passkey-spec-apt.lock"
    flock 8
    missing_of
    if [ ${#missing[@]} -gt 0 ]; then
        $sudo apt-get update -qq
        local install=()
        for package in "${missing[@]}"; do
            name=${package%\?}
            if [ "$name" != "$package" ]; then
                candidate=$(apt-cache policy "$name" 2>/dev/null | sed -n 's/^ *Candidate: //p')
                if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
                    skipped+=("$name")
                    continue
                fi
            fi
            install+=("$name")
        done
        for name in "${skipped[@]}"; do
            echo "$name is not available from apt here; the tests that need it will be skipped" >&2
        done
        if [ ${#install[@]} -gt 0 ]; then
            echo "Installing ${install[*]} with apt-get" >&2
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
                -o DPkg::Lock::Timeout=600 "${install[@]}" >/dev/null
        fi
    fi
    flock -u 8
    exec 8>&-
}
