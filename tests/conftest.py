"""Test-wide settings."""

from hypothesis import settings

# No per-example deadline: property tests here check answers, not speed
# (bench/ measures speed), and a deadline fails them on a busy machine.
settings.register_profile("pbnscore", deadline=None)
settings.load_profile("pbnscore")
