/* cairo-wheel: draws Roundel's mid-spin wheel frames with cairo and times them, for `make bench`.
 * Not part of the app: built only by `make bench` (gcc -O2 $(pkg-config --cflags --libs cairo)).
 *
 *   cairo-wheel [--variant same|turned] [--png OUT.png] DESCRIPTION
 *
 * --variant same (the default) draws what Roundel draws, the way Roundel draws it: only the frame's
 * dirty square (the `dirty` line; the rest of the frame does not change while the wheel spins), the
 * shipped ring as its still band image composited as it is and its 24 bulbs as pre-drawn sprites
 * placed at the nearest quarter pixel (the `stillring` line). --variant turned draws every frame
 * whole and the ring as the image assets/ring.png turned with the wheel through a bilinear filter,
 * with a radial gradient for its shadow (the `ring` and `rimshadow` lines): more work than Roundel
 * does, kept as a second row.
 *
 * DESCRIPTION is the display list `roundel bench` writes (WheelScene.benchDescription, whose doc
 * comment is the format): one "rotation" line per frame, then the ops in Roundel's drawing order.
 * Every frame redraws every op at that frame's rotation into one CAIRO_FORMAT_ARGB32 image surface
 * (premultiplied ARGB in native endian, like Roundel's pixmap), antialias default, labels with the
 * toy text API, the ring rotated with CAIRO_FILTER_BILINEAR. As in Roundel, the ring image is
 * pre-scaled once to the wheel's size before timing (Roundel caches it per frame size), so a frame
 * only rotates it, and only where the image is not transparent (Roundel draws the ring the same way).
 * Prints "cairo median_ms M p95_ms P frames N"; --png writes the first frame.
 * Units: px, y down, radians clockwise; colours straight R G B A 0..255.
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum kind { CLEAR, ANNULUS, WHEEL, SLICE, LABEL, RING, RIMSHADOW, CIRCLE, POLYGON, OUTLINE, ROUNDRECT, TEXT, STILLRING };

typedef struct {
    enum kind kind;
    double v[32]; /* the op's numbers, as written */
    int count;
    char *text;   /* label and text: what to show; ring: the PNG path */
    cairo_surface_t *image; /* ring: pre-scaled; stillring: the band */
    cairo_surface_t *bulbs; /* stillring: the bulb sprites side by side */
    double hole;            /* ring: radius (image px) of its fully transparent centre, less 2 px */
    double extra[64];       /* stillring: the numbers after its two paths */
} op;

static const struct { const char *name; enum kind kind; int fixed; int has_text; } kinds[] = {
    /* fixed: numbers before the text; -1 = "N then 2N coordinates" followed by `fixed2` more */
    {"clear", CLEAR, 4, 0},       {"annulus", ANNULUS, 8, 0}, {"wheel", WHEEL, 2, 0},
    {"slice", SLICE, 7, 0},       {"label", LABEL, 7, 1},     {"ring", RING, 2, 1},
    {"circle", CIRCLE, 7, 0},     {"polygon", POLYGON, -1, 0}, {"outline", OUTLINE, -1, 0},
    {"roundrect", ROUNDRECT, 11, 0}, {"text", TEXT, 7, 1},   {"rimshadow", RIMSHADOW, 5, 0},
    {"stillring", STILLRING, 2, 1},
};

static int same_content = 1;            /* --variant same */
static double dirty[4];                 /* x y w h; w = 0: none */
static int clip_to_dirty = 0;           /* set once the first frame has been drawn whole */

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "cairo-wheel: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Roundel's percentile: sorted[min(n - 1, round((n - 1) * p))]. */
static double percentile(const double *sorted, int n, double p) {
    int i = (int)lround((n - 1) * p);
    return sorted[i < n - 1 ? i : n - 1];
}

static void set_color(cairo_t *cr, const double *rgba) {
    cairo_set_source_rgba(cr, rgba[0] / 255, rgba[1] / 255, rgba[2] / 255, rgba[3] / 255);
}

/* Text centred horizontally on the origin, the middle of its line box (ascent..descent) on y = 0.
 * SIZE is Roundel's: the height of the line box in px. cairo's font size is the em, whose line box
 * is taller, so it is scaled once so that the line boxes match (the same size of text to draw). */
static void show_centred(cairo_t *cr, const char *text, double size) {
    static double em_per_line = 0;
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    if (em_per_line == 0) {
        cairo_font_extents_t unit;
        cairo_set_font_size(cr, 100);
        cairo_font_extents(cr, &unit);
        em_per_line = unit.ascent + unit.descent > 0 ? 100 / (unit.ascent + unit.descent) : 1;
    }
    cairo_set_font_size(cr, size * em_per_line);
    cairo_text_extents_t te;
    cairo_font_extents_t fe;
    cairo_text_extents(cr, text, &te);
    cairo_font_extents(cr, &fe);
    cairo_move_to(cr, -te.x_advance / 2, (fe.ascent - fe.descent) / 2);
    cairo_show_text(cr, text);
}

/* Roundel's roundedRect: corners of `r`, clamped to half the shorter side. */
static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    r = fmax(0, fmin(r, fmin(w / 2, h / 2)));
    cairo_new_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 1.5 * M_PI);
    cairo_close_path(cr);
}

static void polygon_path(cairo_t *cr, const double *v, double dx, double dy) {
    int n = (int)v[0];
    cairo_new_path(cr);
    for (int i = 0; i < n; i++) cairo_line_to(cr, v[1 + 2 * i] + dx, v[2 + 2 * i] + dy);
    cairo_close_path(cr);
}

static void draw_frame(cairo_t *cr, const op *ops, int count, double rotation) {
    double wx = 0, wy = 0;
    cairo_save(cr);
    if (same_content && clip_to_dirty && dirty[2] > 0) {
        cairo_rectangle(cr, dirty[0], dirty[1], dirty[2], dirty[3]);
        cairo_clip(cr);
    }
    for (int i = 0; i < count; i++) {
        const op *o = &ops[i];
        const double *v = o->v;
        if (same_content && (o->kind == RING || o->kind == RIMSHADOW)) continue;
        if (!same_content && o->kind == STILLRING) continue;
        cairo_save(cr);
        switch (o->kind) {
        case CLEAR:
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
            set_color(cr, v);
            cairo_paint(cr);
            break;
        case ANNULUS:
            cairo_new_path(cr);
            cairo_arc(cr, v[0], v[1], v[3], 0, 2 * M_PI);
            cairo_new_sub_path(cr);
            cairo_arc_negative(cr, v[0], v[1], v[2], 2 * M_PI, 0);
            set_color(cr, v + 4);
            cairo_fill(cr);
            break;
        case RIMSHADOW: {
            /* Black, opacity STRENGTH·s² across [EDGE − WIDTH, EDGE] (s = 0…1), to EDGE + 0.5: a radial
             * gradient with enough stops for the square law, filled over that annulus. */
            double inner = v[2] - v[3], outer = v[2] + 0.5;
            cairo_pattern_t *g = cairo_pattern_create_radial(v[0], v[1], inner, v[0], v[1], outer);
            for (int k = 0; k <= 8; k++) {
                double r = inner + (v[2] - inner) * k / 8.0, s = k / 8.0;
                cairo_pattern_add_color_stop_rgba(g, (r - inner) / (outer - inner), 0, 0, 0, v[4] * s * s);
            }
            cairo_pattern_add_color_stop_rgba(g, 1, 0, 0, 0, v[4] * (1 + 0.5 / v[3]) * (1 + 0.5 / v[3]));
            cairo_new_path(cr);
            cairo_arc(cr, v[0], v[1], outer, 0, 2 * M_PI);
            cairo_new_sub_path(cr);
            cairo_arc_negative(cr, v[0], v[1], inner, 2 * M_PI, 0);
            cairo_set_source(cr, g);
            cairo_fill(cr);
            cairo_pattern_destroy(g);
            break;
        }
        case WHEEL:
            wx = v[0];
            wy = v[1];
            break;
        case SLICE:
            cairo_translate(cr, wx, wy);
            cairo_rotate(cr, rotation);
            cairo_move_to(cr, 0, 0);
            cairo_arc(cr, 0, 0, v[0], v[1], v[2]);
            cairo_close_path(cr);
            set_color(cr, v + 3);
            cairo_fill(cr);
            break;
        case LABEL:
            cairo_translate(cr, wx, wy);
            cairo_rotate(cr, rotation + v[1]);
            cairo_translate(cr, v[0], 0);
            set_color(cr, v + 3);
            show_centred(cr, o->text, v[2]);
            break;
        case RING: {
            double side = cairo_image_surface_get_width(o->image);
            cairo_translate(cr, wx, wy);
            cairo_rotate(cr, rotation);
            cairo_scale(cr, v[0] / side, v[0] / side);
            cairo_translate(cr, -side / 2, -side / 2);
            cairo_set_source_surface(cr, o->image, 0, 0);
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
            /* The disc holding the ring minus its transparent centre, as Roundel samples it: same
             * pixels, less work (outside the image cairo's default EXTEND_NONE is transparent). */
            cairo_new_path(cr);
            cairo_arc(cr, side / 2, side / 2, side / 2 + 1, 0, 2 * M_PI);
            if (o->hole > 1) {
                cairo_new_sub_path(cr);
                cairo_arc_negative(cr, side / 2, side / 2, o->hole, 2 * M_PI, 0);
            }
            cairo_fill(cr);
            break;
        }
        case CIRCLE:
            cairo_new_path(cr);
            cairo_arc(cr, v[0], v[1], v[2], 0, 2 * M_PI);
            set_color(cr, v + 3);
            cairo_fill(cr);
            break;
        case POLYGON: {
            int n = (int)v[0];
            polygon_path(cr, v, v[1 + 2 * n], v[2 + 2 * n]);
            set_color(cr, v + 3 + 2 * n);
            cairo_fill(cr);
            break;
        }
        case OUTLINE: {
            int n = (int)v[0];
            polygon_path(cr, v, 0, 0);
            cairo_set_line_width(cr, v[1 + 2 * n]);
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
            set_color(cr, v + 2 + 2 * n);
            cairo_stroke(cr);
            break;
        }
        case ROUNDRECT:
            rounded_rect(cr, v[0] + v[5], v[1] + v[6], v[2], v[3], v[4]);
            set_color(cr, v + 7);
            cairo_fill(cr);
            break;
        case TEXT:
            cairo_translate(cr, v[0], v[1]);
            set_color(cr, v + 3);
            show_centred(cr, o->text, v[2]);
            break;
        case STILLRING: {
            /* v: BX BY, then (after the two paths) SIDE OFFSET PHASES TRACK CX CY N A1..AN in o->extra */
            const double *e = o->extra;
            int side = (int)e[0], offset = (int)e[1], phases = (int)e[2], n = (int)e[6];
            cairo_set_source_surface(cr, o->image, v[0], v[1]);
            cairo_paint(cr);
            for (int k = 0; k < n; k++) {
                double a = e[7 + k] + rotation;
                double px = e[4] + e[3] * cos(a), py = e[5] + e[3] * sin(a);
                long qx = lround(px * phases), qy = lround(py * phases);
                long mask = phases - 1;
                int sprite = (int)((qy & mask) * phases + (qx & mask));
                double dx = (double)((qx - (qx & mask)) / phases) - offset, dy = (double)((qy - (qy & mask)) / phases) - offset;
                cairo_set_source_surface(cr, o->bulbs, dx - sprite * side, dy);
                cairo_rectangle(cr, dx, dy, side, side);
                cairo_fill(cr);
            }
            break;
        }
        }
        cairo_restore(cr);
    }
    cairo_restore(cr);
    cairo_surface_flush(cairo_get_target(cr));
}

/* The radius (px) of the disc at the image's centre where every pixel is transparent, less 2 px so
 * bilinear footprints at the hole's edge are kept. */
static double transparent_hole(cairo_surface_t *image) {
    int w = cairo_image_surface_get_width(image), h = cairo_image_surface_get_height(image);
    int stride = cairo_image_surface_get_stride(image);
    const unsigned char *data = cairo_image_surface_get_data(image);
    double cx = w / 2.0, cy = h / 2.0, hole = (w < h ? w : h) / 2.0;
    cairo_surface_flush(image);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (*(const unsigned int *)(data + y * stride + 4 * x) != 0)
                hole = fmin(hole, hypot(x + 0.5 - cx, y + 0.5 - cy) - 0.75);
    return hole - 2;
}

/* The ring PNG pre-scaled to side x side with cairo's best downscaling filter (once, before timing). */
static cairo_surface_t *load_ring(const char *path, int side) {
    cairo_surface_t *png = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(png) != CAIRO_STATUS_SUCCESS)
        fail("cannot load the ring image", path);
    int w = cairo_image_surface_get_width(png);
    if (side >= w) return png;
    cairo_surface_t *scaled = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side);
    cairo_t *cr = cairo_create(scaled);
    cairo_scale(cr, (double)side / w, (double)side / cairo_image_surface_get_height(png));
    cairo_set_source_surface(cr, png, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_destroy(png);
    return scaled;
}

int main(int argc, char **argv) {
    const char *png = NULL, *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) png = argv[++i];
        else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            const char *variant = argv[++i];
            if (strcmp(variant, "same") == 0) same_content = 1;
            else if (strcmp(variant, "turned") == 0) same_content = 0;
            else fail("--variant is same or turned", variant);
        }
        else if (argv[i][0] != '-' && !path) path = argv[i];
        else fail("usage: cairo-wheel [--png OUT.png] DESCRIPTION", NULL);
    }
    if (!path) fail("usage: cairo-wheel [--png OUT.png] DESCRIPTION", NULL);
    FILE *file = fopen(path, "r");
    if (!file) fail("cannot open", path);

    int width = 0, height = 0, frames = 0, count = 0, capacity = 0;
    double *rotations = NULL;
    op *ops = NULL;
    char line[4096];
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\n")] = 0;
        char word[32];
        int used = 0;
        if (sscanf(line, "%31s%n", word, &used) != 1) continue;
        char *rest = line + used;
        if (strcmp(word, "roundel-wheel-frames") == 0) {
            if (atoi(rest) != 1) fail("unknown description version", rest);
            continue;
        }
        if (strcmp(word, "size") == 0) {
            if (sscanf(rest, "%d %d", &width, &height) != 2) fail("bad size line", line);
            continue;
        }
        if (strcmp(word, "dirty") == 0) {
            if (sscanf(rest, "%lf %lf %lf %lf", &dirty[0], &dirty[1], &dirty[2], &dirty[3]) != 4) fail("bad dirty line", line);
            continue;
        }
        if (strcmp(word, "rotation") == 0) {
            rotations = realloc(rotations, sizeof *rotations * (frames + 1));
            rotations[frames++] = strtod(rest, NULL);
            continue;
        }
        int k = -1;
        for (int j = 0; j < (int)(sizeof kinds / sizeof kinds[0]); j++)
            if (strcmp(word, kinds[j].name) == 0) k = j;
        if (k < 0) fail("unknown op", line);
        if (count == capacity) ops = realloc(ops, sizeof *ops * (capacity = capacity * 2 + 16));
        op *o = &ops[count++];
        memset(o, 0, sizeof *o);
        o->kind = kinds[k].kind;
        int fixed = kinds[k].fixed;
        char *p = rest, *end;
        for (int j = 0; fixed < 0 || j < fixed; j++) {
            if (j >= 32) fail("too many numbers", line);
            o->v[j] = strtod(p, &end);
            if (end == p) fail("expected a number", line);
            p = end;
            if (fixed < 0 && j == 0) /* N points, then DX DY RGBA (polygon) or WIDTH RGBA (outline) */
                fixed = 1 + 2 * (int)o->v[0] + (o->kind == POLYGON ? 6 : 5);
        }
        o->count = fixed;
        if (o->kind == STILLRING) {
            /* BX BY were read; then the band and bulb paths (no spaces), then the numbers. */
            char band[1024], bulbs[1024];
            int taken = 0;
            if (sscanf(p, " %1023s %1023s%n", band, bulbs, &taken) != 2) fail("bad stillring line", line);
            p += taken;
            for (int j = 0; j < 64; j++) {
                o->extra[j] = strtod(p, &end);
                if (end == p) break;
                p = end;
            }
            if (o->extra[6] > 57) fail("too many bulbs", line);
            o->image = cairo_image_surface_create_from_png(band);
            o->bulbs = cairo_image_surface_create_from_png(bulbs);
            if (cairo_surface_status(o->image) || cairo_surface_status(o->bulbs)) fail("cannot load the still ring images", line);
        } else if (kinds[k].has_text) {
            if (*p == ' ') p++;
            o->text = strdup(p);
        }
        if (o->kind == RING) {
            o->image = load_ring(o->text, (int)o->v[1]);
            o->hole = transparent_hole(o->image);
        }
    }
    fclose(file);
    if (width <= 0 || height <= 0 || frames == 0) fail("the description needs a size and at least one rotation", path);

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    double *times = malloc(sizeof *times * frames);
    /* As Roundel's bench: the frame before the timed ones is drawn whole, then each only where it changes. */
    draw_frame(cr, ops, count, rotations[0]);
    clip_to_dirty = 1;
    for (int f = 0; f < frames; f++) {
        double t0 = now_ms();
        draw_frame(cr, ops, count, rotations[f]);
        times[f] = now_ms() - t0;
    }
    qsort(times, frames, sizeof *times, compare);
    printf("cairo median_ms %.3f p95_ms %.3f frames %d\n", percentile(times, frames, 0.5),
           percentile(times, frames, 0.95), frames);
    if (png) {
        clip_to_dirty = 0;
        draw_frame(cr, ops, count, rotations[0]);
        if (cairo_surface_write_to_png(surface, png) != CAIRO_STATUS_SUCCESS) fail("cannot write", png);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return 0;
}
