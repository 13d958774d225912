"""The test suite; its folders mirror the package's layers (docs/architecture.md)."""
