/**
 * Every number of the product's constants (product.md section 9, chain-layer.md section 9),
 * named. Money values are bigint base units; counts, decimals, percents and timings are numbers.
 */

// --- Pair math -------------------------------------------------------------------------------

/** Uniswap V2 fee: 0.3% per hop, estimates use 997/1000. */
export const FEE_NUMERATOR = 997n;
export const FEE_DENOMINATOR = 1000n;
/** The 0.3% per hop split: 0.25% to liquidity providers, 0.05% to the platform. */
export const TOTAL_FEE_BPS = 30;
export const PROVIDER_FEE_BPS = 25;
export const PLATFORM_FEE_BPS = 5;
/** Uniswap V2 MINIMUM_LIQUIDITY locked by the first mint of a pair. */
export const MINIMUM_LIQUIDITY = 1000n;

/** Basis points: 10000 = 100%. */
export const BPS_DENOMINATOR = 10000n;
export const PERCENT_DENOMINATOR = 100n;

// --- Paths -----------------------------------------------------------------------------------

/** Longest token path (tokens, not pairs) on every network. */
export const MAX_HOP_LENGTH = 3;
/** A direct swap: two tokens, one pair. */
export const DIRECT_HOP_LENGTH = 2;

// --- Swaps -----------------------------------------------------------------------------------

/** Transaction deadline: 5 minutes. */
export const DEADLINE_SECONDS = 300;
/** The deadline every swap and liquidity send carries: now + 5 minutes, in unix seconds. */
export const defaultDeadline = (nowMs: number = Date.now()): bigint =>
  BigInt(Math.floor(nowMs / 1000) + DEADLINE_SECONDS);
/** Default slippage 5% (0.05). */
export const DEFAULT_SLIPPAGE_BPS = 500;
/** Largest slippage a user may set (50%); 50.01% is rejected (reliability item 19). */
export const MAX_SLIPPAGE_BPS = 5000;
/** Below 0.05% a swap "may fail" (reliability item 19). */
export const LOW_SLIPPAGE_WARNING_BPS = 5;
/** Above 5% a swap "may be frontrun" (reliability item 19). */
export const HIGH_SLIPPAGE_WARNING_BPS = 500;

/** The largest 256-bit unsigned integer. */
export const UINT256_MAX = 2n ** 256n - 1n;
/** Maximum approval value: the uint256 maximum (about 1.16e77). */
export const MAX_APPROVAL = UINT256_MAX;
/**
 * In maximum-approval mode an allowance from this value up counts as unlimited (2^255). Tokens
 * that decrement even an unlimited allowance on every transferFrom would otherwise fall below
 * the uint256 maximum after the first swap and ask for a new approval each time.
 */
export const UNLIMITED_ALLOWANCE_THRESHOLD = 2n ** 255n;

// --- Tokens ----------------------------------------------------------------------------------

/** Liquidity (pair) token decimals. */
export const LP_DECIMALS = 18;
/** TRX has 6 decimals: 1 TRX = 1e6 sun. */
export const TRX_DECIMALS = 6;
export const SUN_PER_TRX = 1_000_000n;
/** Highest token tax, integer percent (0..99). */
export const MAX_TAX_PERCENT = 99;

// --- TRON energy rule (product.md section 5) -------------------------------------------------

/** Routes of more than 2 tokens need this much free energy ... */
export const ENERGY_THRESHOLD_MULTI_HOP = 250_000;
/** ... direct (2-token) routes this much ... */
export const ENERGY_THRESHOLD_DIRECT = 160_000;
/** ... else the user must keep this many TRX for the fees (longer routes) ... */
export const FEE_RESERVE_TRX_MULTI_HOP = 65;
/** ... or this many (direct routes). */
export const FEE_RESERVE_TRX_DIRECT = 47;

/** TRON fee limits in sun: 100 TRX by default per send, 200 TRX for liquidity, 1000 TRX to create a pair. */
export const TRON_FEE_LIMIT_DEFAULT_SUN = 100_000_000n;
export const TRON_FEE_LIMIT_LIQUIDITY_SUN = 200_000_000n;
export const TRON_FEE_LIMIT_CREATE_PAIR_SUN = 1_000_000_000n;

/** Fixed EVM gas prices in wei (not set on BSC and ETH). */
export const GAS_PRICE_POLY_WEI = 60_000_000_000n;
export const GAS_PRICE_BTTC_WEI = 1_000_000_000_000_000n;

// --- Liquidity -------------------------------------------------------------------------------

export const QUICK_REMOVAL_PERCENTAGES = [25, 50, 75, 100] as const;
export const DEFAULT_LP_PERCENTAGE = 100;
export const MIN_LP_PERCENTAGE = 0;
export const MAX_LP_PERCENTAGE = 100;

// --- Display precisions (decimal places) -----------------------------------------------------

/** Input fields show at most this many decimals (and never more than the token's). */
export const MAX_DISPLAY_DECIMALS = 12;
export const PRICE_DISPLAY_DECIMALS = 8;
export const CHART_PRICE_DISPLAY_DECIMALS = 5;
export const SHARE_DISPLAY_DECIMALS = 2;
export const PRICE_IMPACT_DISPLAY_DECIMALS = 2;
export const HEADER_BALANCE_DISPLAY_DECIMALS = 6;
export const HISTORY_PRICE_DISPLAY_DECIMALS = 6;
export const HISTORY_AMOUNT_DISPLAY_DECIMALS = 6;
export const MARKET_CAP_MILLIONS_DISPLAY_DECIMALS = 3;
export const CIRCULATING_SUPPLY_DISPLAY_DECIMALS = 9;
/** Chart price precision: 4 significant digits of the first close value. */
export const CHART_PRICE_SIGNIFICANT_DIGITS = 4;
/** Prices are bigints scaled by 10^PRICE_DECIMALS (price 1.5 = 1_500_000_000_000_000_000n). */
export const PRICE_DECIMALS = 18;

// --- Supply (charts) -------------------------------------------------------------------------

/** Supply base 1e11 whole tokens (supply = 1e11 minus burned). */
export const SUPPLY_BASE = 100_000_000_000n;

// --- Timings (milliseconds) ------------------------------------------------------------------

export const SWAP_REFRESH_MS = 15_000;
export const SWAP_REFRESH_LAUNCHPAD_MS = 8_000;
/** Refresh when the last update is older than interval minus this. */
export const REFRESH_STALE_MARGIN_MS = 5_000;
export const VISIBLE_AGAIN_REFRESH_MS = 10_000;
export const WALLET_BALANCES_REFRESH_MS = 12_000;
export const SECOND_TOKEN_BALANCE_DELAY_MS = 6_000;
export const WALLET_REFRESH_MS = 20_000;
export const CHART_REFRESH_MS = 15_000;
export const CHART_STALE_MS = 10_000;
export const POST_SWAP_BALANCE_REFRESH_MS = 2_000;
export const POOL_RELOAD_MS = 1_000;
export const CHART_UPDATE_DELAY_MS = 500;
export const WIDGET_HEIGHT_POLL_MS = 500;
export const CHART_RESIZE_CHECK_MS = 200;
export const BALANCE_CACHE_MS = 5_000;
export const LOCAL_CACHE_FLUSH_MS = 10_000;
export const HISTORY_REFRESH_MS = 5 * 60_000;
export const HISTORY_STALE_MS = 60_000;
export const CANDLES_CACHE_MS = 10 * 60_000;
export const LINE_CACHE_MS = 10 * 60_000;
export const HISTORY_CACHE_MS = 60_000;
export const ERROR_TOAST_MS = 5_000;
export const FEE_TOAST_MS = 10_000;
export const WALLET_TOAST_MS = 2_000;
/** Chart bucket: 4 hours. */
export const CHART_BUCKET_SECONDS = 14_400;

// --- Paging ----------------------------------------------------------------------------------

export const PAIR_BALANCE_PAGE_SIZE = 10;
export const PAIR_BALANCE_FIRST_PAGE = 1;
export const PAIR_BALANCE_LAST_PAGE = 3;
export const USER_LIQUIDITY_PAGE_SIZE = 7;

/**
 * US dollar stablecoins by symbol (the API's USD route uses the same list): a pair with one is
 * priced in it ("530 USDT per BNB").
 */
export const USD_STABLECOINS: ReadonlySet<string> = new Set([
  'USDT',
  'USDC',
  'BUSD',
  'DAI',
  'TUSD',
  'USDD',
]);
