#!/usr/bin/env bash
# Installs or starts what the tests use and this project cannot ship in node_modules:
# Debian's chromium (browser tests), OpenSSH's sftp client with sshpass (SFTP tests), the preview
# tools (poppler's pdftoppm, ffmpeg, LibreOffice), Caddy (custom-domain TLS), clamd (virus scans), PostgreSQL and Redis. Idempotent; needs root to install.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
as_root() { [ "$(id -u)" = 0 ]; }
apt_updated=0
apt_install() {
  if ! as_root || ! command -v apt-get >/dev/null; then
    echo "ferry: '$*' is missing. Install it (Debian: sudo apt-get install -y $*) and run the tests again." >&2
    return 1
  fi
  if [ "$apt_updated" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
wait_port() { for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done; return 1; }

status=0

if [ ! -x /usr/bin/chromium ]; then
  echo "ferry: installing Debian's chromium for the browser tests…"
  apt_install chromium || status=1
fi

# The SFTP tests drive the real OpenSSH client; sshpass answers its password prompt.
if ! command -v sftp >/dev/null || ! command -v sshpass >/dev/null; then
  echo "ferry: installing OpenSSH's sftp client and sshpass for the SFTP tests…"
  apt_install openssh-client sshpass || status=1
fi

# Previews of PDFs, videos and office documents (server/src/features/transfers/previews/).
preview_packages=()
command -v pdftoppm >/dev/null || preview_packages+=(poppler-utils)
command -v ffmpeg >/dev/null || preview_packages+=(ffmpeg)
command -v soffice >/dev/null || preview_packages+=(libreoffice-nogui)
if [ ${#preview_packages[@]} -gt 0 ]; then
  echo "ferry: installing ${preview_packages[*]} for the preview tests…"
  apt_install "${preview_packages[@]}" || status=1
fi

# Virus scanning (issue 24 item 7): the tests start their own clamd with a signature database they
# write (EICAR), so only the binary is needed; the package's own service is not started.
if [ ! -x /usr/sbin/clamd ]; then
  echo "ferry: installing clamav-daemon for the virus-scan tests…"
  apt_install clamav-daemon || status=1
fi

# Caddy's on-demand TLS asks Ferry which custom domains may get a certificate (deploy/Caddyfile,
# features/custom-domains/caddy-ask.test.ts runs Debian's caddy with its internal CA).
if ! command -v caddy >/dev/null; then
  echo "ferry: installing caddy for the custom-domain TLS test…"
  apt_install caddy || status=1
fi

if ! port_open 5432; then
  command -v pg_ctlcluster >/dev/null || apt_install postgresql || status=1
  if command -v pg_ctlcluster >/dev/null; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    echo "ferry: starting PostgreSQL $version…"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    # Tests connect as postgres over TCP without a password (trust on 127.0.0.1 only).
    hba="/etc/postgresql/$version/main/pg_hba.conf"
    if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba" 2>/dev/null; then
      sed -i '1i host all all 127.0.0.1/32 trust' "$hba" && pg_ctlcluster --skip-systemctl-redirect "$version" main reload || true
    fi
    wait_port 5432 || { echo "ferry: PostgreSQL did not start" >&2; status=1; }
  fi
fi

if ! port_open 6379; then
  command -v redis-server >/dev/null || apt_install redis-server || status=1
  if command -v redis-server >/dev/null; then
    echo "ferry: starting Redis…"
    mkdir -p /tmp/ferry-redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/ferry-redis
    wait_port 6379 || { echo "ferry: Redis did not start" >&2; status=1; }
  fi
fi

exit $status
