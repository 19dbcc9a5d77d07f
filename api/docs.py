"""The schema and the docs page. (Apart from api.schema, which DRF imports while defining its views.)"""

from drf_spectacular.renderers import (
    OpenApiJsonRenderer,
    OpenApiJsonRenderer2,
    OpenApiYamlRenderer,
    OpenApiYamlRenderer2,
)
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView


class SchemaView(SpectacularAPIView):
    """The OpenAPI 3 schema: JSON (the default, or `Accept: application/json`), or YAML for
    `Accept: application/vnd.oai.openapi` or `application/yaml` (or ?format=yaml)."""

    renderer_classes = [OpenApiJsonRenderer, OpenApiJsonRenderer2, OpenApiYamlRenderer, OpenApiYamlRenderer2]


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI. Its start-up script is served from this URL (?script) rather than inline, for the CSP."""

    template_name = "api/docs.html"
    url_name = "api:schema"
