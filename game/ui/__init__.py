"""The pygame client."""
