/** pg-types' own default parsers (pg-types 2.x, lib/textParsers.js and lib/binaryParsers.js): `init` registers each one. */
declare module 'pg-types/lib/textParsers.js' {
  const parsers: { init(register: (oid: number, parse: (value: string) => unknown) => void): void };
  export default parsers;
}
declare module 'pg-types/lib/binaryParsers.js' {
  const parsers: { init(register: (oid: number, parse: (value: string) => unknown) => void): void };
  export default parsers;
}
