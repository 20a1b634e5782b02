/// The GLESRenderer's shaders (GLSL ES 1.00, so OpenGL ES 2 drivers run them).
///
/// Every draw is an axis-aligned quad of target pixels (already cut to the clip), and the
/// fragment shader works out each pixel from its centre, as pixman samples: through inverse
/// transforms to the image's pixels (contents) and to a rounded rectangle's *mask space* (the
/// pixels of the coverage mask the pixman renderer would rasterise), so both renderers give the
/// same pixels. That keeps one program for every operation.
///
/// Shapes are coverage computed in the shader, not mask images: what cairo's rasteriser gives a
/// mask pixel of the rounded rectangle (or border ring), 15 sample rows each covered by the
/// exact span of the shape across the pixel, worked out only near the edge. An axis-aligned layer's mask pixels are target
/// pixels; under other transforms the coverage of the four nearest mask pixels is blended
/// bilinearly, as pixman samples its mask.
enum GLShaders {
    static let vertex = """
        attribute vec2 a_position;
        // The level's top-left in target pixels, and its size.
        uniform vec4 u_viewport;
        void main() {
            gl_Position = vec4((a_position - u_viewport.xy) / u_viewport.zw * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    /// The fragment shader for one kind of draw: `source` 0 a colour, 1 a texture, 2 a colour
    /// through a texture's alpha (shadow masks); `shape` 0 none, 1 a mask whose pixels are
    /// target pixels (axis-aligned layers), 2 a mask sampled bilinearly through a transform.
    /// Variants rather than branches on uniforms: a software rasteriser (llvmpipe) runs both sides
    /// of a branch, so every draw would pay for the shape's coverage.
    static func fragment(source: Int, shape: Int) -> String {
        "#define SOURCE \(source)\n#define SHAPE \(shape)\n" + fragmentBody
    }

    static let fragmentBody = """
        #ifdef GL_FRAGMENT_PRECISION_HIGH
        precision highp float;
        #else
        precision mediump float;
        #endif
        uniform vec4 u_viewport;
        uniform vec4 u_color;
        uniform sampler2D u_texture;
        // Target pixels to texel coordinates (projective; row-vector matrices uploaded as they are).
        uniform mat3 u_textureInverse;
        uniform vec2 u_textureSize;
        // The texels the source may show: x0, y0, x1, y1.
        uniform vec4 u_sourceRect;
        // 1: outside u_sourceRect is transparent (bilinear edges blend); 0: edge texels repeat.
        uniform int u_transparentEdge;
        uniform int u_nearest;
        // 1: the texture's alpha is not meaningful (XRGB images): opaque.
        uniform int u_opaqueTexture;
        uniform float u_opacity;
        // 1: a projective placement; as pixman, pixels whose centre falls left of or above the
        // source by more than 1/256 pixel are not drawn. u_shapeProjective: the same for masks.
        uniform int u_projective;
        uniform int u_shapeProjective;
        // 0: no shape; 1: a rounded rectangle; 2: its border ring.
        uniform int u_shape;
        // Target pixels to mask space, where the shape is the rectangle (0, 0)-(u_shapeSize).
        uniform mat3 u_shapeInverse;
        uniform vec2 u_shapeSize;
        // Corner radii: top-left, top-right, bottom-right, bottom-left (maskedCorners' order).
        uniform vec4 u_radii;
        uniform float u_borderWidth;
        // How many chords cairo flattens a quarter of the outer and the inner corner arcs into.
        uniform vec2 u_arcPieces;

        // Signed distance from p to the rounded rectangle `rect` (negative inside).
        float roundedDistance(vec2 p, vec4 rect, vec4 radii) {
            vec2 center = (rect.xy + rect.zw) * 0.5;
            vec2 halfSize = (rect.zw - rect.xy) * 0.5;
            float r = p.x < center.x ? (p.y < center.y ? radii.x : radii.w) : (p.y < center.y ? radii.y : radii.z);
            vec2 q = abs(p - center) - halfSize + r;
            return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
        }

        // How far right of its centre a corner arc of radius r reaches at dy below (or above) the
        // centre, along cairo's flattening of it: `pieces` chords per quarter, their ends on the
        // circle at equal angles.
        float arcReach(float dy, float r, float pieces) {
            if (r <= 0.0) return 0.0;
            float step = 1.5707963 / pieces;
            float angle = asin(clamp(dy / r, 0.0, 1.0));
            float k = min(floor(angle / step), pieces - 1.0);
            float y0 = r * sin(k * step);
            float y1 = r * sin((k + 1.0) * step);
            float f = y1 > y0 ? clamp((dy - y0) / (y1 - y0), 0.0, 1.0) : 0.0;
            return mix(r * cos(k * step), r * cos((k + 1.0) * step), f);
        }

        // Where the rounded rectangle's row at height y starts and ends (start > end: none).
        vec2 rowSpan(float y, vec4 rect, vec4 radii, float pieces) {
            if (y < rect.y || y > rect.w) return vec2(1.0, 0.0);
            float left = rect.x;
            float right = rect.z;
            if (y < rect.y + radii.x) {
                left = rect.x + radii.x - arcReach(rect.y + radii.x - y, radii.x, pieces);
            } else if (y > rect.w - radii.w) {
                left = rect.x + radii.w - arcReach(y - (rect.w - radii.w), radii.w, pieces);
            }
            if (y < rect.y + radii.y) {
                right = rect.z - radii.y + arcReach(rect.y + radii.y - y, radii.y, pieces);
            } else if (y > rect.w - radii.z) {
                right = rect.z - radii.z + arcReach(y - (rect.w - radii.z), radii.z, pieces);
            }
            return vec2(left, right);
        }

        // The coverage cairo's rasteriser gives the unit square at `cell` (the pixman renderer's
        // masks are drawn by cairo): 15 rows of samples, each covered by the exact width of the
        // shape's span across the pixel. `hole` (when its width is positive) is cut out, as the
        // even-odd ring of a border.
        float cairoCoverage(vec2 cell, vec4 rect, vec4 radii, vec4 hole, vec4 holeRadii) {
            vec2 center = cell + 0.5;
            float d = roundedDistance(center, rect, radii);
            bool hasHole = hole.z > hole.x && hole.w > hole.y;
            float holeDistance = hasHole ? roundedDistance(center, hole, holeRadii) : 1.0;
            if (d > 0.75 || holeDistance < -0.75) return 0.0;
            if (d < -0.75 && holeDistance > 0.75) return 1.0;
            float sum = 0.0;
            for (int i = 0; i < 15; i++) {
                float y = cell.y + (float(i) + 0.5) / 15.0;
                vec2 span = rowSpan(y, rect, radii, u_arcPieces.x);
                float covered = clamp(min(span.y, cell.x + 1.0) - max(span.x, cell.x), 0.0, 1.0);
                if (hasHole) {
                    vec2 holeSpan = rowSpan(y, hole, holeRadii, u_arcPieces.y);
                    covered -= clamp(min(holeSpan.y, cell.x + 1.0) - max(holeSpan.x, cell.x), 0.0, 1.0);
                }
                sum += max(covered, 0.0);
            }
            return sum / 15.0;
        }

        // A mask pixel's coverage, 0 outside the mask as pixman's unrepeated mask.
        float maskPixel(vec2 cell) {
            if (cell.x < 0.0 || cell.y < 0.0 || cell.x >= u_shapeSize.x || cell.y >= u_shapeSize.y) return 0.0;
            vec4 outer = vec4(0.0, 0.0, u_shapeSize);
            float radiusLimit = min(u_shapeSize.x, u_shapeSize.y) * 0.5;
            vec4 outerRadii = min(u_radii, vec4(radiusLimit));
            if (u_shape == 1) return cairoCoverage(cell, outer, outerRadii, vec4(0.0), vec4(0.0));
            float inset = min(u_borderWidth, radiusLimit);
            vec4 inner = outer + vec4(inset, inset, -inset, -inset);
            float innerLimit = max(min(inner.z - inner.x, inner.w - inner.y) * 0.5, 0.0);
            vec4 innerRadii = min(max(outerRadii - u_borderWidth, 0.0), vec4(innerLimit));
            return cairoCoverage(cell, outer, outerRadii, inner, innerRadii);
        }

        float shapeCoverage(vec2 pixel) {
            vec3 h = u_shapeInverse * vec3(pixel, 1.0);
            vec2 s = h.xy / h.z;
        #if SHAPE == 1
            return maskPixel(floor(s));
        #endif
            if (u_shapeProjective == 1 && (h.z <= 0.0 || s.x < 1.0 / 256.0 || s.y < 1.0 / 256.0)) return 0.0;
            // pixman's bilinear filter, with its 7-bit weights.
            vec2 t = s - 0.5;
            vec2 cell = floor(t);
            vec2 f = floor((t - cell) * 128.0) / 128.0;
            float top = mix(maskPixel(cell), maskPixel(cell + vec2(1.0, 0.0)), f.x);
            float bottom = mix(maskPixel(cell + vec2(0.0, 1.0)), maskPixel(cell + vec2(1.0, 1.0)), f.x);
            return mix(top, bottom, f.y);
        }

        vec4 textureColor(vec2 pixel) {
            vec3 h = u_textureInverse * vec3(pixel, 1.0);
            vec2 s = h.xy / h.z;
            if (u_projective == 1
                && (h.z <= 0.0 || s.x - u_sourceRect.x < 1.0 / 256.0 || s.y - u_sourceRect.y < 1.0 / 256.0)) {
                return vec4(0.0);
            }
            float coverage = 1.0;
            vec2 c = s;
            if (u_nearest == 1) {
                c = floor(s) + 0.5;
                if (u_transparentEdge == 1
                    && (c.x < u_sourceRect.x || c.y < u_sourceRect.y || c.x > u_sourceRect.z || c.y > u_sourceRect.w)) {
                    return vec4(0.0);
                }
            } else if (u_transparentEdge == 1) {
                // pixman's bilinear filter with no repeat: texels outside are transparent, so the
                // edge texel's weight fades over the half texel either side of the edge.
                vec2 low = clamp(s - u_sourceRect.xy + 0.5, 0.0, 1.0);
                vec2 high = clamp(u_sourceRect.zw + 0.5 - s, 0.0, 1.0);
                coverage = low.x * low.y * high.x * high.y;
            }
            c = clamp(c, u_sourceRect.xy + 0.5, u_sourceRect.zw - 0.5);
            vec4 texel = texture2D(u_texture, c / u_textureSize);
            if (u_opaqueTexture == 1) texel.a = 1.0;
            return texel * coverage;
        }

        void main() {
            vec2 pixel = gl_FragCoord.xy + u_viewport.xy;
        #if SOURCE == 0
            vec4 color = u_color;
        #elif SOURCE == 1
            vec4 color = textureColor(pixel) * u_opacity;
        #else
            vec4 color = u_color * textureColor(pixel).a;
        #endif
        #if SHAPE == 0
            gl_FragColor = color;
        #else
            gl_FragColor = color * shapeCoverage(pixel);
        #endif
        }
        """
}
