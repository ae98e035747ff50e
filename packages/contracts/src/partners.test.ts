import { describe, expect, it } from 'vitest';
import {
  ANT_CONSULT_SKU,
  CODE_MSG,
  FIT_TO_FLY_ANTIGEN_SKU,
  PARTNER_MSG,
  PCR_TEST_SKU,
  PartnerInput,
  SEED_PARTNERS,
  SEED_PRODUCTS,
  builtInPrefixSkuIn,
  builtInPrefixSkus,
  codeCheckMessage,
  codeHasPrefix,
  currencyOf,
  partnerCodeError,
  pharmacyCodeError,
  pharmacyCodeSku,
  pharmacySkus,
  pharmacySourceCurrency,
  pharmacyUsSource,
  repeatedCodes,
  usedUpCodeMessage,
  type CodePrefixRule,
  type PartnerKind,
} from './index';

const DAY_2_UK = 'DAY-2-UK-ANT-001';
const DAY_2_US = 'DAY-2-US-ANT-001';
const seeded = (source: string) => SEED_PARTNERS.find((partner) => partner.source === source)!;
const ofl = seeded('OFL');
const attractionWorld = seeded('attractionworld');
const floridaTix = seeded('floridatix');
const airline: { kind: PartnerKind; code_prefixes: CodePrefixRule[] } = {
  kind: 'airline',
  code_prefixes: [
    { sku: FIT_TO_FLY_ANTIGEN_SKU, prefixes: ['EANT', 'EAIR'], excluded: [] },
    { sku: PCR_TEST_SKU, prefixes: ['EPCR'], excluded: [] },
  ],
};

describe('code prefixes', () => {
  it('match from the first character, a ? standing for any one character', () => {
    expect(codeHasPrefix('F2FABC', 'F2F')).toBe(true);
    expect(codeHasPrefix('XF2F', 'F2F')).toBe(false);
    expect(codeHasPrefix('FT3A12', 'FT?A')).toBe(true);
    expect(codeHasPrefix('FT3B12', 'FT?A')).toBe(false);
    expect(codeHasPrefix('FT3', 'FT?A')).toBe(false);
  });
});

describe('OFL (holiday company) codes', () => {
  it('Fit to Fly: F2F but not F2FAW', () => {
    const message = 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.';
    expect(partnerCodeError(ofl, FIT_TO_FLY_ANTIGEN_SKU, 'F2F12345')).toBeNull();
    expect(partnerCodeError(ofl, FIT_TO_FLY_ANTIGEN_SKU, 'F2FAW1234')).toBe(message);
    expect(partnerCodeError(ofl, FIT_TO_FLY_ANTIGEN_SKU, 'D2T12345')).toBe(message);
  });

  it('Day 2 UK: D2T or D2D; Day 3 US: US2', () => {
    expect(partnerCodeError(ofl, DAY_2_UK, 'D2T12345')).toBeNull();
    expect(partnerCodeError(ofl, DAY_2_UK, 'D2D12345')).toBeNull();
    expect(partnerCodeError(ofl, DAY_2_UK, 'D2X12345')).toBe('Invalid code. This code is not a Day 2 Antigen code. Please enter a code starting with D2T or D2D.');
    expect(partnerCodeError(ofl, DAY_2_US, 'US212345')).toBeNull();
    expect(partnerCodeError(ofl, DAY_2_US, 'US312345')).toBe('Invalid code. This code is not a Day 3 Antigen code. Please enter a code starting with US2.');
  });

  it('a product without a rule takes none of its codes; an empty code is asked for', () => {
    expect(partnerCodeError(ofl, ANT_CONSULT_SKU, 'F2F12345')).toBe(CODE_MSG.otherTestType);
    expect(partnerCodeError(ofl, FIT_TO_FLY_ANTIGEN_SKU, '')).toBe(CODE_MSG.required);
  });
});

describe('attraction-ticket resellers', () => {
  it.each([
    [FIT_TO_FLY_ANTIGEN_SKU, 'F2FAW12', 'FTF2F12', 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2FAW.', 'Invalid code. This code is not a Fit to Fly code. Please enter a code starting with FTF2F.'],
    [DAY_2_UK, 'D2AW123', 'FTD2123', 'Invalid code. This code is not a Day 2 Antigen code. Please enter a code starting with D2AW.', 'Invalid code. This code is not a Day 2 Antigen code. Please enter a code starting with FTD2.'],
    [DAY_2_US, 'US3AW12', 'FTUS312', 'Invalid code. This code is not a Day 3 Antigen code. Please enter a code starting with US3AW.', 'Invalid code. This code is not a Day 3 Antigen code. Please enter a code starting with FTUS3.'],
  ])('%s: attractionworld %s, floridatix %s, and not each other’s', (sku, attraction, florida, attractionMessage, floridaMessage) => {
    expect(partnerCodeError(attractionWorld, sku, attraction)).toBeNull();
    expect(partnerCodeError(floridaTix, sku, florida)).toBeNull();
    expect(partnerCodeError(attractionWorld, sku, florida)).toBe(attractionMessage);
    expect(partnerCodeError(floridaTix, sku, attraction)).toBe(floridaMessage);
  });

  it('Antigen Consultation: US3AW for attractionworld, FT + one character + A (FT1A to FT4A) for floridatix', () => {
    expect(partnerCodeError(attractionWorld, ANT_CONSULT_SKU, 'US3AW99')).toBeNull();
    for (const code of ['FT1A99', 'FT2A99', 'FT3A99', 'FT4A99']) expect(partnerCodeError(floridaTix, ANT_CONSULT_SKU, code)).toBeNull();
    expect(partnerCodeError(floridaTix, ANT_CONSULT_SKU, 'FT1B99')).toBe('Invalid code. This code is not an Antigen Consultation code. Please enter a code starting with FT?A.');
    expect(partnerCodeError(attractionWorld, ANT_CONSULT_SKU, 'FT1A99')).toBe('Invalid code. This code is not an Antigen Consultation code. Please enter a code starting with US3AW.');
  });
});

describe('airline codes', () => {
  it('antigen EANT or EAIR, PCR EPCR; otherwise another test type', () => {
    expect(partnerCodeError(airline, FIT_TO_FLY_ANTIGEN_SKU, 'EANT1234')).toBeNull();
    expect(partnerCodeError(airline, FIT_TO_FLY_ANTIGEN_SKU, 'EAIR1234')).toBeNull();
    expect(partnerCodeError(airline, PCR_TEST_SKU, 'EPCR1234')).toBeNull();
    expect(partnerCodeError(airline, FIT_TO_FLY_ANTIGEN_SKU, 'EPCR1234')).toBe(CODE_MSG.otherTestType);
    expect(partnerCodeError(airline, PCR_TEST_SKU, 'EANT1234')).toBe(CODE_MSG.otherTestType);
    expect(CODE_MSG.otherTestType).toBe('You have chosen another test type');
  });
});

describe('pharmacy codes', () => {
  it('ANT, PFF or ATE first, the prefix picking the product', () => {
    expect(pharmacyCodeSku('ANTX2345')).toBe(FIT_TO_FLY_ANTIGEN_SKU);
    expect(pharmacyCodeSku('PFFX2345')).toBe(ANT_CONSULT_SKU);
    expect(pharmacyCodeSku('ATEX2345')).toBe(PCR_TEST_SKU);
    expect(pharmacyCodeSku('F2F12345')).toBeNull();
    expect(pharmacyCodeError('ANTX2345')).toBeNull();
    expect(pharmacyCodeError('XANT2345')).toBe('Invalid code');
    expect(pharmacyCodeError('')).toBe('Input your code');
  });

  it('the US form ({product}-us, in dollars): the same prefixes pick the US products; ATE has none there', () => {
    expect(pharmacyCodeSku('ANTX2345', 'USD')).toBe(DAY_2_US);
    expect(pharmacyCodeSku('PFFX2345', 'USD')).toBe('RECONSULT-ANT-DAY-3');
    expect(pharmacyCodeSku('ATEX2345', 'USD')).toBeNull();
    expect(pharmacyCodeError('ATEX2345')).toBeNull();
    expect(pharmacySkus('USD')).toEqual([DAY_2_US, 'RECONSULT-ANT-DAY-3']);
    for (const sku of pharmacySkus('USD')) expect(currencyOf(SEED_PRODUCTS.find((product) => product.sku === sku)!.country)).toBe('USD');
    expect(pharmacyUsSource('Vireo')).toBe('vireo-us');
    expect(pharmacySourceCurrency('Pharmacy', 'Vireo')).toBe('GBP');
    expect(pharmacySourceCurrency('vireo-us', 'Vireo')).toBe('USD');
    expect(pharmacySourceCurrency('acme-us', 'Vireo')).toBeNull();
    expect(pharmacySourceCurrency('pharmacy', 'Vireo')).toBeNull();
    expect(builtInPrefixSkus('ANT')).toEqual([FIT_TO_FLY_ANTIGEN_SKU, DAY_2_US]);
    expect(builtInPrefixSkus('ATE')).toEqual([PCR_TEST_SKU]);
    expect(builtInPrefixSkus('F2F')).toBeNull();
    // The batch form's pick, in the chosen source's catalogue; exact prefixes only.
    expect(builtInPrefixSkuIn('ANT', 'GBP')).toBe(FIT_TO_FLY_ANTIGEN_SKU);
    expect(builtInPrefixSkuIn('ANT', 'USD')).toBe(DAY_2_US);
    expect(builtInPrefixSkuIn('ATE', 'USD')).toBeNull();
    expect(builtInPrefixSkuIn('ANTX', 'GBP')).toBeNull();
  });

  it("one code per person: a repeat is 'Codes can't be same for different people'", () => {
    expect(repeatedCodes(['ANT1', 'ANT2', 'ANT1', 'ANT1'])).toEqual([2, 3]);
    expect(repeatedCodes(['', ''])).toEqual([]);
    expect(CODE_MSG.repeated).toBe("Codes can't be same for different people");
  });

  it('the server check on the pharmacy form (spec 2 §5): valid with uses left, expired with none, otherwise invalid', () => {
    expect(codeCheckMessage({ value: 'ANT1', uses: 2 }, 'pharmacy')).toBe('Valid purchase code');
    expect(codeCheckMessage({ value: 'ANT1', uses: 0 }, 'pharmacy')).toBe('Your code is expired');
    expect(codeCheckMessage({ value: '', uses: 2 }, 'pharmacy')).toBe('Your code is invalid');
    expect(codeCheckMessage(null, 'pharmacy')).toBe('Your code is invalid');
  });

  it('the server check on the partner and customer-services forms (spec 3 §7): valid only with a value and uses left, else invalid', () => {
    expect(codeCheckMessage({ value: 'F2FAW1', uses: 1 }, 'partner')).toBe('Valid purchase code');
    expect(codeCheckMessage({ value: 'F2FAW1', uses: 0 }, 'partner')).toBe('Your code is invalid');
    expect(codeCheckMessage(null, 'partner')).toBe('Your code is invalid');
    expect([usedUpCodeMessage('pharmacy'), usedUpCodeMessage('partner')]).toEqual(['Your code is expired', 'Your code is invalid']);
  });
});

describe('PartnerInput', () => {
  const valid = {
    name: 'Sky Air',
    slug: 'sky_air',
    source: 'skyair',
    kind: 'airline',
    service: 'video_gp_product',
    language: 'EN',
    home_page_url: 'https://skyair.example/',
    logo: '',
    code_prefixes: [{ sku: FIT_TO_FLY_ANTIGEN_SKU, prefixes: 'eant, EAIR', excluded: '' }],
  };
  const messageOf = (body: unknown, path: string) => {
    const result = PartnerInput.safeParse(body);
    return result.success ? null : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
  };

  it('takes prefixes typed on one line, upper-cased', () => {
    expect(PartnerInput.parse(valid).code_prefixes).toEqual([{ sku: FIT_TO_FLY_ANTIGEN_SKU, prefixes: ['EANT', 'EAIR'], excluded: [] }]);
  });

  it('answers each field with the form’s message', () => {
    expect(messageOf({ ...valid, name: ' ' }, 'name')).toBe(PARTNER_MSG.name);
    expect(messageOf({ ...valid, slug: 'sky-air' }, 'slug')).toBe(PARTNER_MSG.slug);
    expect(messageOf({ ...valid, source: '' }, 'source')).toBe(PARTNER_MSG.source);
    expect(messageOf({ ...valid, source: 'sky air' }, 'source')).toBe(PARTNER_MSG.sourceCharacters);
    expect(messageOf({ ...valid, kind: '' }, 'kind')).toBe(PARTNER_MSG.kind);
    expect(messageOf({ ...valid, service: 'video_gp_tui' }, 'service')).toBe(PARTNER_MSG.service);
    expect(messageOf({ ...valid, language: 'FR' }, 'language')).toBe(PARTNER_MSG.language);
    expect(messageOf({ ...valid, home_page_url: 'http://skyair.example/' }, 'home_page_url')).toBe(PARTNER_MSG.homePage);
    expect(messageOf({ ...valid, logo: 'https://skyair.example/logo.png' }, 'logo')).toBe(PARTNER_MSG.logo);
    expect(messageOf({ ...valid, code_prefixes: [] }, 'code_prefixes')).toBe(PARTNER_MSG.rules);
    expect(messageOf({ ...valid, code_prefixes: [{ sku: '', prefixes: 'EANT', excluded: '' }] }, 'code_prefixes.0.sku')).toBe(PARTNER_MSG.product);
    expect(messageOf({ ...valid, code_prefixes: [{ sku: PCR_TEST_SKU, prefixes: '', excluded: '' }] }, 'code_prefixes.0.prefixes')).toBe(PARTNER_MSG.prefixes);
    expect(messageOf({ ...valid, code_prefixes: [{ sku: PCR_TEST_SKU, prefixes: 'E-PCR', excluded: '' }] }, 'code_prefixes.0.prefixes')).toBe(PARTNER_MSG.prefixCharacters);
    expect(messageOf({ ...valid, code_prefixes: [{ sku: PCR_TEST_SKU, prefixes: 'EPCR', excluded: 'E?' }] }, 'code_prefixes.0.excluded')).toBe(PARTNER_MSG.excludedCharacters);
    const twice = { ...valid, code_prefixes: [valid.code_prefixes[0], valid.code_prefixes[0]] };
    expect(messageOf(twice, 'code_prefixes.1.sku')).toBe(PARTNER_MSG.productRepeated);
  });

  it('holds every seeded partner', () => {
    for (const partner of SEED_PARTNERS) expect(PartnerInput.safeParse({ ...partner, logo: '' }).success, partner.source).toBe(true);
  });
});
