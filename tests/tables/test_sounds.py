"""The table's sounds: short WAV files the site serves, rebuilt byte for byte by static/sounds/make_sounds.py."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

SOUNDS = ("turn", "card", "trick", "chat")
MAKER = Path(__file__).resolve().parents[2] / "static/sounds/make_sounds.py"


@pytest.mark.parametrize("name", SOUNDS)
def test_each_sound_is_short_mono_audible_and_served_as_a_static_file(name):
    path = finders.find(f"sounds/{name}.wav")
    assert path, f"sounds/{name}.wav is not a static file"
    with wave.open(path, "rb") as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
        seconds = sound.getnframes() / sound.getframerate()
        samples = memoryview(sound.readframes(sound.getnframes())).cast("h")
    assert 0.05 <= seconds <= 0.5
    assert max(abs(s) for s in samples) > 3000  # not silence


def test_the_maker_rebuilds_the_committed_files(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_sounds", MAKER)
    assert spec and spec.loader
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    monkeypatch.setattr(maker, "HERE", tmp_path)
    maker.main()
    for name in SOUNDS:
        assert (tmp_path / f"{name}.wav").read_bytes() == (MAKER.parent / f"{name}.wav").read_bytes()


@pytest.mark.django_db
def test_the_table_page_names_each_sound_by_its_static_url(users):
    from django.templatetags.static import static
    from django.test import Client
    from django.urls import reverse

    from games import services

    table = services.create_table(users["alice"], services.TableTerms("french-tarot", human_seats=1))
    client = Client()
    client.force_login(users["alice"])
    page = client.get(reverse("table", args=[table.pk])).content.decode()
    for name in SOUNDS:
        assert f'data-sound-{name}="{static(f"sounds/{name}.wav")}"' in page
