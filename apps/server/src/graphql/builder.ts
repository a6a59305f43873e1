import SchemaBuilder from '@pothos/core';
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { Ctx } from './context.js';

type BuilderTypes = {
  Context: Ctx;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
};

export const builder = new SchemaBuilder<BuilderTypes>({ defaultFieldNullability: false });

/** The schema's types as Pothos sees them, for helpers that take a type's ref. */
export type Types = PothosSchemaTypes.ExtendDefaultTypes<BuilderTypes>;

const parseLiteral = (ast: ValueNode): unknown => {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, parseLiteral(f.value)]));
    case Kind.LIST:
      return ast.values.map(parseLiteral);
    default:
      return null;
  }
};

builder.addScalarType(
  'JSON',
  new GraphQLScalarType({
    name: 'JSON',
    description: 'Any JSON value.',
    serialize: (v) => v,
    parseValue: (v) => v,
    parseLiteral,
  }),
);

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
