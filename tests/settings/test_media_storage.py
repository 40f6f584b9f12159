"""Where card pictures are kept: files under var/media by default, S3-compatible object storage
through django-storages when a bucket is named (docs/operations/media.md)."""

from __future__ import annotations

import json
import subprocess
import sys

READ = """import json, deckwarden.settings as s
img = s.CONTENT_SECURITY_POLICY["DIRECTIVES"]["img-src"]
print(json.dumps({"storage": s.STORAGES["default"], "img": img}, default=str))"""


def settings_with(tmp_path, **env: str) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", READ],
        env={"PATH": "/usr/bin:/bin", "DECKWARDEN_VAR_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_pictures_are_files_under_the_var_folder_by_default(tmp_path):
    found = settings_with(tmp_path)
    assert found["storage"] == {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    assert found["img"] == ["'self'", "data:"]  # nothing from another host


def test_a_bucket_moves_them_to_object_storage_with_long_cache_headers(tmp_path):
    found = settings_with(
        tmp_path,
        DECKWARDEN_MEDIA_BUCKET="deckwarden-pictures",
        DECKWARDEN_MEDIA_ENDPOINT_URL="https://s3.example-provider.test",
        DECKWARDEN_MEDIA_CUSTOM_DOMAIN="pictures.deckwarden.test",
    )
    storage = found["storage"]
    assert storage["BACKEND"] == "storages.backends.s3.S3Storage"
    assert storage["OPTIONS"]["bucket_name"] == "deckwarden-pictures"
    assert storage["OPTIONS"]["endpoint_url"] == "https://s3.example-provider.test"
    assert storage["OPTIONS"]["querystring_auth"] is False
    assert storage["OPTIONS"]["object_parameters"] == {
        "CacheControl": "public, max-age=31536000, immutable"
    }
    # the pages may show pictures from that one host besides the site itself
    assert found["img"] == ["'self'", "data:", "https://pictures.deckwarden.test"]


def test_without_a_custom_domain_the_endpoint_s_host_is_allowed(tmp_path):
    found = settings_with(
        tmp_path,
        DECKWARDEN_MEDIA_BUCKET="b",
        DECKWARDEN_MEDIA_ENDPOINT_URL="http://minio.internal:9000/",
    )
    assert found["img"][-1] == "http://minio.internal:9000"
