/**
 * The host's options (product.md section 3 "Widget options"), validated one by one: a value that
 * fails its schema is dropped with a console warning and the rest still applies. Style options are
 * data (colours, lengths and a few CSS properties), never markup or code.
 */
import { z } from 'zod';
import { NETWORK_IDS, type Language, type NetworkId } from '@jmswap/shared-chain';

/** Strings that could smuggle code into CSS or markup, whatever the property. */
const HOSTILE = /url\s*\(|expression\s*\(|javascript:|<|>|\\|@import|;|\{|\}|\/\*/i;
const safe = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !HOSTILE.test(v), 'not allowed in a style value');

const NUMBER = String.raw`-?\d{1,4}(?:\.\d{1,3})?`;
const COLOR_FN = String.raw`(?:rgb|rgba|hsl|hsla)\(\s*${NUMBER}%?(?:\s*[,\s/]\s*${NUMBER}%?){2,3}\s*\)`;
const colorRe = new RegExp(
  String.raw`^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|${COLOR_FN}|[a-z]{3,20})$`,
  'i',
);
const lengthRe = new RegExp(String.raw`^(?:0|${NUMBER}(?:px|rem|em|%|vh|vw))$`);
const shadowPart = String.raw`(?:inset\s+)?(?:${NUMBER}(?:px|rem|em)?\s+){1,3}${NUMBER}(?:px|rem|em)?(?:\s+(?:#[0-9a-f]{3,8}|${COLOR_FN}|[a-z]{3,20}))?`;
const shadowRe = new RegExp(String.raw`^(?:none|${shadowPart}(?:\s*,\s*${shadowPart}){0,2})$`, 'i');

export const colorSchema = safe(64).regex(colorRe);
export const lengthSchema = safe(16).regex(lengthRe);
const paddingSchema = safe(64).regex(
  new RegExp(
    String.raw`^(?:0|${NUMBER}(?:px|rem|em|%))(?:\s+(?:0|${NUMBER}(?:px|rem|em|%))){0,3}$`,
  ),
);
export const shadowSchema = safe(160).regex(shadowRe);
/** Only an https image: the url is set through the CSSOM, quoted, never as markup. */
export const imageUrlSchema = safe(512).refine((v) => {
  if (/["'()\s\\]/.test(v)) return false;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(url.pathname);
  } catch {
    return false;
  }
}, 'only an https image url');

/** The CSS properties a partner may set on the widget's buttons, heading and tabs. */
const STYLE_PROPERTIES = {
  color: colorSchema,
  backgroundColor: colorSchema,
  borderColor: colorSchema,
  borderWidth: lengthSchema,
  borderRadius: lengthSchema,
  borderStyle: z.enum(['none', 'solid', 'dashed', 'dotted', 'double']),
  fontSize: lengthSchema,
  fontWeight: z.union([
    z.enum(['normal', 'bold', 'lighter', 'bolder']),
    z.string().regex(/^[1-9]00$/),
  ]),
  letterSpacing: lengthSchema,
  textTransform: z.enum(['none', 'uppercase', 'lowercase', 'capitalize']),
  padding: paddingSchema,
  boxShadow: shadowSchema,
} as const;
export type StyleProperty = keyof typeof STYLE_PROPERTIES;
export type StyleBlock = Partial<Record<StyleProperty, string>>;

const symbolSchema = z.string().regex(/^[A-Za-z0-9._-]{1,20}$/);

/** Slippage in percent (5 = 5%), 0.01% to 50%. */
const slippageSchema = z.number().finite().min(0.01).max(50);

const FIELDS = {
  tokens: z.array(symbolSchema).min(1).max(100),
  fromToken: symbolSchema,
  toToken: symbolSchema,
  network: z.enum(NETWORK_IDS),
  slippage: slippageSchema,
  launchPad: z.boolean(),
  liquidityTab: z.boolean(),
  lightBranding: z.boolean(),
  host: safe(200).url(),
  shadow: shadowSchema,
  backgroundColor: colorSchema,
  backgroundImage: imageUrlSchema,
  textColor: colorSchema,
  theme: z.enum(['light', 'dark', 'auto']),
  language: z.enum(['en', 'zh-CN']),
  hostFeatures: z.array(z.string().max(40)).max(20),
} as const;
const STYLE_BLOCKS = [
  'buttonStyle',
  'maxButtonStyle',
  'headingStyle',
  'tabNavStyle',
  'tabNavActiveStyle',
] as const;
export type StyleBlockName = (typeof STYLE_BLOCKS)[number];

export interface WidgetOptions {
  tokens?: string[];
  fromToken?: string;
  toToken?: string;
  network?: NetworkId;
  slippage?: number;
  launchPad?: boolean;
  liquidityTab?: boolean;
  lightBranding?: boolean;
  host?: string;
  shadow?: string;
  backgroundColor?: string;
  backgroundImage?: string;
  textColor?: string;
  /** 'auto' (or none): the system's preference. */
  theme?: 'light' | 'dark' | 'auto';
  /** The widget's language; none: the browser's (never the site's stored choice). */
  language?: Language;
  /** Set by the SDK, not the partner: what it answers beyond the seed's protocol ('restore'). */
  hostFeatures?: string[];
  buttonStyle?: StyleBlock;
  maxButtonStyle?: StyleBlock;
  headingStyle?: StyleBlock;
  tabNavStyle?: StyleBlock;
  tabNavActiveStyle?: StyleBlock;
}

/** Largest options message read at all (JSON characters). */
export const MAX_OPTIONS_CHARS = 8192;

type Warn = (message: string) => void;
const defaultWarn: Warn = (message) => console.warn(`[widget] ${message}`);

function styleBlock(name: string, value: unknown, warn: Warn): StyleBlock | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    warn(`option ${name} dropped: not an object of CSS properties`);
    return undefined;
  }
  const block: StyleBlock = {};
  for (const [prop, raw] of Object.entries(value)) {
    const schema = (STYLE_PROPERTIES as Record<string, z.ZodType<string>>)[prop];
    if (!Object.prototype.hasOwnProperty.call(STYLE_PROPERTIES, prop) || !schema) {
      warn(`option ${name}.${prop} dropped: not an allowed CSS property`);
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) block[prop as StyleProperty] = parsed.data;
    else warn(`option ${name}.${prop} dropped: not a valid value`);
  }
  return Object.keys(block).length ? block : undefined;
}

/** Every known option that passes its schema; everything else dropped with a warning. */
export function parseWidgetOptions(raw: unknown, warn: Warn = defaultWarn): WidgetOptions {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  let size: number;
  try {
    size = JSON.stringify(raw).length;
  } catch {
    size = Infinity;
  }
  if (size > MAX_OPTIONS_CHARS) {
    warn(`options dropped: larger than ${MAX_OPTIONS_CHARS} characters`);
    return {};
  }
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((STYLE_BLOCKS as readonly string[]).includes(key)) {
      const block = styleBlock(key, value, warn);
      if (block) options[key] = block;
      continue;
    }
    const schema = Object.prototype.hasOwnProperty.call(FIELDS, key)
      ? (FIELDS as Record<string, z.ZodType>)[key]
      : undefined;
    if (!schema) {
      warn(`option ${key} ignored: not a widget option`);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) options[key] = parsed.data;
    else warn(`option ${key} dropped: not a valid value`);
  }
  return options as WidgetOptions;
}

/** launchPad raises the slippage to at least this (10%, twice the default 5%). */
export const LAUNCHPAD_MIN_SLIPPAGE_BPS = 1000;

/** The slippage the swap box uses, in basis points, or undefined to keep the default. */
export function slippageBpsOf(
  options: Pick<WidgetOptions, 'slippage' | 'launchPad'>,
): number | undefined {
  const host = options.slippage === undefined ? undefined : Math.round(options.slippage * 100);
  if (!options.launchPad) return host;
  return Math.max(host ?? 0, LAUNCHPAD_MIN_SLIPPAGE_BPS);
}
