"""Thin Channels consumers: parse and validate a frame, call the service, send each recipient its view."""
