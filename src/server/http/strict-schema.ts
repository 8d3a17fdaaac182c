import * as z from 'zod/mini';

type Schema = z.core.SomeType;

const refuseUnknown = z.never();

/** A copy of the schema built from `def` with `changes` applied: same class, same checks. */
function rebuilt<T extends z.core.$ZodType, D extends object>(schema: T, def: T['_zod']['def'], changes: D): T {
  return z.core.clone(schema, Object.assign({ ...def }, changes));
}

/** A wrapper (optional, nullable, default, …) around a strict copy of what it wraps. */
function strictInner<T extends z.core.$ZodType & { readonly _zod: { readonly def: { readonly innerType: Schema } } }>(
  schema: T,
): T {
  return rebuilt(schema, schema._zod.def, { innerType: strictRequestSchema(schema._zod.def.innerType) });
}

function strictShape(shape: z.core.$ZodShape): z.core.$ZodShape {
  return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictRequestSchema(value)]));
}

/**
 * The request schema with every object in it refusing unknown keys: a plain `z.object` (which
 * strips them silently) becomes what `z.strictObject` would have built, at every depth: through
 * optional, nullable, default, pipe (its input side), array, tuple, record and union. An object
 * that already says what to do with other keys (`z.strictObject`, `z.looseObject`, a catchall)
 * keeps its choice; intersections and lazy schemas are left as they are (each side of an
 * intersection sees the other side's keys as unknown).
 *
 * Done once per endpoint at registration, so every endpoint of the contract, present or future,
 * refuses fields it does not define without its schema having to say so. Answers stay lenient:
 * only requests go through this.
 */
export function strictRequestSchema<T extends Schema>(schema: T): T {
  if (schema instanceof z.core.$ZodObject) {
    const def = schema._zod.def;
    return rebuilt(schema, def, {
      shape: strictShape(def.shape),
      catchall: def.catchall === undefined ? refuseUnknown : strictRequestSchema(def.catchall),
    });
  }
  if (schema instanceof z.core.$ZodOptional) return strictInner(schema);
  if (schema instanceof z.core.$ZodNullable) return strictInner(schema);
  if (schema instanceof z.core.$ZodDefault) return strictInner(schema);
  if (schema instanceof z.core.$ZodPrefault) return strictInner(schema);
  if (schema instanceof z.core.$ZodNonOptional) return strictInner(schema);
  if (schema instanceof z.core.$ZodReadonly) return strictInner(schema);
  if (schema instanceof z.core.$ZodCatch) return strictInner(schema);
  if (schema instanceof z.core.$ZodPipe) {
    const def = schema._zod.def;
    return rebuilt(schema, def, { in: strictRequestSchema(def.in) });
  }
  if (schema instanceof z.core.$ZodArray) {
    const def = schema._zod.def;
    return rebuilt(schema, def, { element: strictRequestSchema(def.element) });
  }
  if (schema instanceof z.core.$ZodTuple) {
    const def = schema._zod.def;
    return rebuilt(schema, def, {
      items: def.items.map((item) => strictRequestSchema(item)),
      rest: def.rest === null ? null : strictRequestSchema(def.rest),
    });
  }
  if (schema instanceof z.core.$ZodRecord) {
    const def = schema._zod.def;
    return rebuilt(schema, def, { valueType: strictRequestSchema(def.valueType) });
  }
  if (schema instanceof z.core.$ZodUnion) {
    const def = schema._zod.def;
    return rebuilt(schema, def, { options: def.options.map((option) => strictRequestSchema(option)) });
  }
  return schema;
}
