"""The harness: the backend registry, checked and timed runs, cross-validation, batches."""
