SCHEMA_MISSING = "validation schema missing"
