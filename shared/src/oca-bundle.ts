import { z } from './zod.js';
import type { AttributeKind, AttributeLabel } from './attribute-labels.js';

/**
 * An OCA bundle (Aries RFC 0755, as BC Wallet reads it): a capture base naming each attribute and its
 * type (`Text`, `Numeric`, `DateInt`, …) and overlays, of which these matter for a label and a kind:
 * `spec/overlays/label/1.0` (labels per language), `spec/overlays/format/1.0` (formats such as
 * `YYYYMMDD`) and `spec/overlays/character_encoding/1.0` (how a value is encoded, e.g. `base64` for a
 * picture). Other overlays (meta, branding, information) are read past.
 */
const captureBaseSchema = z.looseObject({
  type: z.string().regex(/^spec\/capture_base\/1\.\d+$/, 'is not spec/capture_base/1.0'),
  attributes: z.record(z.string().min(1).max(200), z.string().max(100)).refine((a) => Object.keys(a).length > 0, 'names no attribute'),
});
const overlaySchema = z.looseObject({ type: z.string().max(200) });
export const ocaBundleSchema = z.looseObject({ capture_base: captureBaseSchema, overlays: z.array(overlaySchema).max(200) });
/** A file holds one bundle, or a list of them (BC Wallet's OCABundle.json). */
export const ocaFileSchema = z.union([ocaBundleSchema, z.array(ocaBundleSchema).min(1, 'The list holds no bundle.').max(100)]);
export type OcaBundle = z.infer<typeof ocaBundleSchema>;

const labelOverlaySchema = z.looseObject({
  type: z.string().regex(/^spec\/overlays\/label\/1\.\d+$/),
  language: z.string().max(20).optional(),
  attribute_labels: z.record(z.string(), z.string().max(100, 'A label has at most 100 characters.')),
});
const formatOverlaySchema = z.looseObject({
  type: z.string().regex(/^spec\/overlays\/format\/1\.\d+$/),
  attribute_formats: z.record(z.string(), z.string().max(200)),
});
const encodingOverlaySchema = z.looseObject({
  type: z.string().regex(/^spec\/overlays\/character_encoding\/1\.\d+$/),
  attribute_character_encoding: z.record(z.string(), z.string().max(50)).optional(),
});

/** The kind a capture-base type and a format make. */
function kindFrom(type: string | undefined, format: string | undefined): AttributeKind {
  const t = (type ?? '').toLowerCase();
  const f = (format ?? '').toLowerCase();
  if (t === 'dateint' || t === 'date' || f === 'yyyymmdd' || f === 'yyyy-mm-dd') return 'date';
  if (t === 'numeric') return 'number';
  if (/e-?mail/.test(f) || f.includes('@')) return 'email';
  return 'text';
}

export interface OcaImport {
  /** One entry per attribute of the definition's schema: its label and kind from the bundle, or none. */
  attributes: AttributeLabel[];
  /** The language whose labels were taken ("en"), if the bundle has labels. */
  language?: string;
  /** Schema attributes the bundle says nothing about, and bundle attributes the schema does not have. */
  missing: string[];
  extra: string[];
}

export type OcaResult = { ok: true; value: OcaImport } | { ok: false; problems: string[] };

const pathOf = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : 'the file');

/**
 * The labels and kinds an OCA bundle gives a definition's attributes. `text` is the file's text; a
 * list of bundles takes the one whose capture base shares most attributes with the schema. Labels
 * are taken in `language` when the bundle has it, else English, else the first language given.
 */
export function labelsFromOca(text: string, schemaAttributes: readonly string[], language = 'en'): OcaResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`The file is not JSON (${error instanceof Error ? error.message : 'unreadable'}).`] };
  }
  const parsed = ocaFileSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.slice(0, 5).map((i) => `${pathOf(i.path)}: ${i.message}. An OCA bundle has a capture_base (with attributes) and overlays.`),
    };
  const bundles = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const shared = (b: OcaBundle) => schemaAttributes.filter((a) => a in b.capture_base.attributes).length;
  const bundle = bundles.reduce((best, b) => (shared(b) > shared(best) ? b : best));
  if (shared(bundle) === 0)
    return {
      ok: false,
      problems: [
        `The bundle describes ${Object.keys(bundle.capture_base.attributes).slice(0, 6).join(', ')}, none of this credential’s attributes (${schemaAttributes.join(', ')}).`,
      ],
    };
  const problems: string[] = [];
  const labelOverlays: z.infer<typeof labelOverlaySchema>[] = [];
  const formats: Record<string, string> = {};
  bundle.overlays.forEach((overlay, index) => {
    const read = <T>(schema: z.ZodType<T>): T | undefined => {
      const r = schema.safeParse(overlay);
      if (!r.success) problems.push(`overlays.${index} (${overlay.type}): ${r.error.issues.map((i) => `${pathOf(i.path)} ${i.message}`).join('; ')}.`);
      return r.success ? r.data : undefined;
    };
    if (/^spec\/overlays\/label\//.test(overlay.type)) {
      const o = read(labelOverlaySchema);
      if (o) labelOverlays.push(o);
    } else if (/^spec\/overlays\/format\//.test(overlay.type)) Object.assign(formats, read(formatOverlaySchema)?.attribute_formats);
    // Read to be sure it is well formed; an encoding (utf-8, base64) changes no label or kind.
    else if (/^spec\/overlays\/character_encoding\//.test(overlay.type)) read(encodingOverlaySchema);
  });
  if (problems.length) return { ok: false, problems };
  const labels =
    labelOverlays.find((o) => o.language?.toLowerCase() === language.toLowerCase()) ??
    labelOverlays.find((o) => o.language?.toLowerCase().startsWith('en')) ??
    labelOverlays[0];
  const types = bundle.capture_base.attributes;
  return {
    ok: true,
    value: {
      attributes: schemaAttributes.map((name) => ({
        name,
        label: labels?.attribute_labels[name]?.trim() ?? '',
        kind: name in types ? kindFrom(types[name], formats[name]) : name.endsWith('_dateint') ? 'date' : 'text',
      })),
      ...(labels?.language && { language: labels.language }),
      missing: schemaAttributes.filter((a) => !(a in types)),
      extra: Object.keys(types).filter((a) => !schemaAttributes.includes(a)),
    },
  };
}
