// The standalone validator scripts/gen-token-list-validator.mjs writes (ajv's ValidateFunction).
export declare const validate: ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};
export default validate;
