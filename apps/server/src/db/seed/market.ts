import { endpointPath, endpoints, type Lang } from '@tp/contracts';
import type { Executor } from '../database.js';

export interface CategorySeed {
  code: string;
  names: Record<Lang, string>;
}

/** The five market categories, named in all 18 interface languages. */
export const CATEGORIES: readonly CategorySeed[] = [
  {
    code: 'forex',
    names: {
      hk: '外匯', en: 'Forex', jp: '外国為替', kr: '외환', th: 'ฟอเร็กซ์', vn: 'Ngoại hối', fr: 'Forex', de: 'Devisen',
      ru: 'Форекс', spa: 'Divisas', pt: 'Forex', ar: 'الفوركس', it: 'Forex', tr: 'Döviz', id: 'Valas', my: 'Forex',
      hi: 'विदेशी मुद्रा', cs: 'Forex',
    },
  },
  {
    code: 'metals',
    names: {
      hk: '貴金屬', en: 'Metals', jp: '貴金属', kr: '귀금속', th: 'โลหะมีค่า', vn: 'Kim loại quý', fr: 'Métaux', de: 'Edelmetalle',
      ru: 'Металлы', spa: 'Metales', pt: 'Metais', ar: 'المعادن', it: 'Metalli', tr: 'Metaller', id: 'Logam', my: 'Logam',
      hi: 'धातुएँ', cs: 'Kovy',
    },
  },
  {
    code: 'crypto',
    names: {
      hk: '加密貨幣', en: 'Crypto', jp: '暗号資産', kr: '암호화폐', th: 'คริปโต', vn: 'Tiền mã hóa', fr: 'Crypto', de: 'Krypto',
      ru: 'Криптовалюты', spa: 'Cripto', pt: 'Cripto', ar: 'العملات المشفرة', it: 'Cripto', tr: 'Kripto', id: 'Kripto', my: 'Kripto',
      hi: 'क्रिप्टो', cs: 'Krypto',
    },
  },
  {
    code: 'indices',
    names: {
      hk: '指數', en: 'Indices', jp: '株価指数', kr: '지수', th: 'ดัชนี', vn: 'Chỉ số', fr: 'Indices', de: 'Indizes',
      ru: 'Индексы', spa: 'Índices', pt: 'Índices', ar: 'المؤشرات', it: 'Indici', tr: 'Endeksler', id: 'Indeks', my: 'Indeks',
      hi: 'सूचकांक', cs: 'Indexy',
    },
  },
  {
    code: 'commodities',
    names: {
      hk: '商品', en: 'Commodities', jp: 'コモディティ', kr: '원자재', th: 'สินค้าโภคภัณฑ์', vn: 'Hàng hóa', fr: 'Matières premières',
      de: 'Rohstoffe', ru: 'Сырьё', spa: 'Materias primas', pt: 'Commodities', ar: 'السلع', it: 'Materie prime', tr: 'Emtialar',
      id: 'Komoditas', my: 'Komoditi', hi: 'कमोडिटी', cs: 'Komodity',
    },
  },
];

export interface SymbolSeed {
  code: string;
  showCode: string;
  category: string;
  price: string;
  precision: number;
  pip: string;
  minCont: string;
  contNum: string;
  feeRate: string;
  spread: string;
  marginMode: 1 | 2;
  leverages: number[];
  schedule: 'forex' | 'always';
  volatility: number;
  ticksPerSecond: number;
  tickVolume: string;
}

const FX_LEVERAGE = [10, 20, 50, 100, 200, 500];
const METAL_LEVERAGE = [10, 20, 50, 100, 200];
const CRYPTO_LEVERAGE = [2, 5, 10, 20, 50, 100];
const INDEX_LEVERAGE = [10, 20, 50, 100];
const COMMODITY_LEVERAGE = [10, 20, 50, 100];

function fx(code: string, price: string, precision: number, spread: string, volatility: number, ticksPerSecond: number): SymbolSeed {
  return {
    code, showCode: `${code.slice(0, 3)}/${code.slice(3)}`, category: 'forex', price, precision, pip: '0.01', minCont: '0.01',
    contNum: '100000', feeRate: '5', spread, marginMode: 2, leverages: FX_LEVERAGE, schedule: 'forex', volatility, ticksPerSecond,
    tickVolume: '2.5',
  };
}

function crypto(base: string, price: string, precision: number, spread: string, volatility: number, ticksPerSecond: number, tickVolume: string): SymbolSeed {
  return {
    code: `${base}USDT`, showCode: `${base}/USDT`, category: 'crypto', price, precision, pip: '0.01', minCont: '0.01', contNum: '1',
    feeRate: '2', spread, marginMode: 2, leverages: CRYPTO_LEVERAGE, schedule: 'always', volatility, ticksPerSecond, tickVolume,
  };
}

function index(code: string, price: string, spread: string, ticksPerSecond: number, over: Partial<SymbolSeed> = {}): SymbolSeed {
  return {
    code, showCode: code, category: 'indices', price, precision: 1, pip: '0.1', minCont: '0.1', contNum: '1', feeRate: '3', spread,
    marginMode: 2, leverages: INDEX_LEVERAGE, schedule: 'forex', volatility: 0.18, ticksPerSecond, tickVolume: '3', ...over,
  };
}

/**
 * Prices are late-2025-ish levels. Liquid symbols tick several times a second, others less.
 * JPN225 and NATGAS deliberately have no leverage options (the spec's "no mult config" case);
 * UK100 and JPN225 use fixed margin (margin = lots x units per lot).
 */
export const SYMBOLS: readonly SymbolSeed[] = [
  fx('EURUSD', '1.16500', 5, '0.00012', 0.08, 5),
  fx('GBPUSD', '1.34200', 5, '0.00015', 0.09, 4),
  fx('USDJPY', '147.500', 3, '0.015', 0.1, 4),
  fx('AUDUSD', '0.65500', 5, '0.00015', 0.1, 2),
  fx('USDCAD', '1.37600', 5, '0.00018', 0.07, 2),
  fx('USDCHF', '0.80100', 5, '0.00018', 0.08, 2),
  fx('NZDUSD', '0.59400', 5, '0.0002', 0.1, 1),
  fx('EURJPY', '171.850', 3, '0.02', 0.1, 2),
  fx('GBPJPY', '197.900', 3, '0.03', 0.12, 1),
  fx('EURGBP', '0.86800', 5, '0.00015', 0.06, 1),
  {
    code: 'XAUUSD', showCode: 'XAU/USD', category: 'metals', price: '3420.50', precision: 2, pip: '0.01', minCont: '0.01', contNum: '100',
    feeRate: '5', spread: '0.30', marginMode: 2, leverages: METAL_LEVERAGE, schedule: 'forex', volatility: 0.16, ticksPerSecond: 4, tickVolume: '1.5',
  },
  {
    code: 'XAGUSD', showCode: 'XAG/USD', category: 'metals', price: '38.800', precision: 3, pip: '0.01', minCont: '0.01', contNum: '5000',
    feeRate: '5', spread: '0.030', marginMode: 2, leverages: METAL_LEVERAGE, schedule: 'forex', volatility: 0.28, ticksPerSecond: 2, tickVolume: '1',
  },
  crypto('BTC', '112350.00', 2, '15.00', 0.55, 5, '0.35'),
  crypto('ETH', '4320.00', 2, '1.20', 0.7, 5, '4.2'),
  crypto('SOL', '205.40', 2, '0.10', 0.9, 3, '35'),
  crypto('BNB', '865.20', 2, '0.30', 0.6, 2, '6'),
  crypto('XRP', '2.9150', 4, '0.0020', 0.85, 3, '9000'),
  crypto('DOGE', '0.22150', 5, '0.00020', 1.0, 2, '60000'),
  crypto('ADA', '0.8450', 4, '0.0010', 0.95, 1, '12000'),
  index('US30', '45120.0', '2.5', 3),
  index('SPX500', '6465.0', '0.5', 3),
  index('NAS100', '23610.0', '1.5', 3, { volatility: 0.22 }),
  index('GER40', '24050.0', '1.5', 2),
  index('UK100', '9210.0', '1.2', 1, { marginMode: 1, contNum: '100' }),
  index('JPN225', '42650.0', '8.0', 1, { marginMode: 1, contNum: '100', leverages: [] }),
  {
    code: 'USOIL', showCode: 'WTI Oil', category: 'commodities', price: '63.50', precision: 2, pip: '0.01', minCont: '0.01', contNum: '1000',
    feeRate: '4', spread: '0.04', marginMode: 2, leverages: COMMODITY_LEVERAGE, schedule: 'forex', volatility: 0.35, ticksPerSecond: 2, tickVolume: '2',
  },
  {
    code: 'UKOIL', showCode: 'Brent Oil', category: 'commodities', price: '67.20', precision: 2, pip: '0.01', minCont: '0.01', contNum: '1000',
    feeRate: '4', spread: '0.04', marginMode: 2, leverages: COMMODITY_LEVERAGE, schedule: 'forex', volatility: 0.33, ticksPerSecond: 2, tickVolume: '2',
  },
  {
    code: 'NATGAS', showCode: 'Natural Gas', category: 'commodities', price: '2.850', precision: 3, pip: '0.01', minCont: '0.01', contNum: '10000',
    feeRate: '4', spread: '0.006', marginMode: 2, leverages: [], schedule: 'forex', volatility: 0.6, ticksPerSecond: 1, tickVolume: '3',
  },
];

/**
 * Categories and symbols, idempotent by code: runs on every start, so a database seeded before the
 * market existed gets it too, and two processes starting together do not clash.
 */
export async function seedMarket(db: Executor): Promise<void> {
  await db
    .insertInto('market_categories')
    .values(CATEGORIES.map((c, i) => ({ code: c.code, names: JSON.stringify(c.names), sort: i })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const categories = await db.selectFrom('market_categories').select(['id', 'code']).execute();
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  await db
    .insertInto('trade_symbols')
    .values(
      SYMBOLS.map((s, i) => ({
        code: s.code,
        show_code: s.showCode,
        logo: endpointPath(endpoints.market.logo, { file: `${s.code}.webp` }),
        category_id: categoryId.get(s.category)!,
        price_precision: s.precision,
        pip: s.pip,
        min_cont: s.minCont,
        cont_num: s.contNum,
        fee_rate: s.feeRate,
        spread: s.spread,
        margin_mode: s.marginMode,
        leverages: s.leverages,
        schedule: s.schedule,
        volatility: s.volatility,
        ticks_per_second: s.ticksPerSecond,
        tick_volume: s.tickVolume,
        initial_price: s.price,
        sort: i,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
