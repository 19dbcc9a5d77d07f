"""The schema and the docs page. (Apart from api.schema, which DRF imports while defining its views.)"""

from drf_spectacular.renderers import OpenApiJsonRenderer, OpenApiYamlRenderer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView


class SchemaView(SpectacularAPIView):
    """The OpenAPI 3 schema: JSON, or YAML for `Accept: application/vnd.oai.openapi` (or ?format=openapi)."""

    renderer_classes = [OpenApiJsonRenderer, OpenApiYamlRenderer]


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI. Its start-up script is served from this URL (?script) rather than inline, for the CSP."""

    template_name = "api/docs.html"
    url_name = "api:schema"
