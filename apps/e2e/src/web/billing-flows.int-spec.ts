/**
 * Billing's ways forward in headless Chromium against the real local stack (#17): a subscriber
 * cancels, Stripe ends the subscription (a signed `customer.subscription.deleted` webhook through
 * the gateway — stripe-mock keeps no state and advances no clock), and the user subscribes again
 * from /billing (no second trial; a declined card first); then the cards: add, make default,
 * replace, remove, and the default of a live subscription refused. One stack for the file; the
 * account and its trial are seeded through the API.
 */
import { type Browser, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { localDefaults } from '@core-vault/platform';
import { uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { appContext, launchBrowser, recordDialogs, screenshot } from '../support/browser';
import { mailIds, waitForCode } from '../support/mail';
import { type Stack, startStack } from '../support/stack';
import { ui } from '../support/ui';

jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
const email = `e2e-billing-${uniqueSuffix()}@example.com`;
const WEBHOOK_SECRET = localDefaults('billing')['STRIPE_WEBHOOK_SECRET'] as string;

let stack: Stack;
let browser: Browser;
let page: Page;
let dialogs: string[];
let token = '';
let trial: { customerId: string; subscriptionId: string };

const url = (path: string) => `${stack.webUrl}${path}`;

async function api(method: string, path: string, body?: unknown, bearer = token) {
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Sign-in with the mailed code: through the API (seeding) or the sign-in screen. */
async function codeFor(signIn: () => Promise<unknown>): Promise<string> {
  const seen = await mailIds(stack.mailApiUrl, email);
  await signIn();
  return waitForCode(stack.mailApiUrl, email, seen);
}

const identityStatus = (status: string) =>
  waitFor(
    async () => (await api('GET', '/api/v1/me')).body['subscriptionStatus'],
    (s) => s === status,
    { timeoutMs: 30_000, intervalMs: 250, what: `${email} ${status}` },
  );

/** A Stripe event signed with the local test secret, posted to the gateway byte for byte. */
async function stripeEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${uniqueSuffix(10)}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000) + 1,
    livemode: false,
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${stack.gatewayUrl}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(res.status).toBe(200);
}

async function fillCard(number: string, cvc = '123') {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill(cvc);
}

const cardRow = (id: string) => page.getByTestId(`card-${id}`);
/** A card is the default when its row offers no "Make … the default" (the badge says Default). */
const isDefault = (id: string) =>
  ui.count(cardRow(id).getByRole('button', { name: /Make .* the default/ }), 0);
const lastDialog = () => dialogs.at(-1);

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  page = await (await appContext(browser, stack.webUrl)).newPage();
  dialogs = recordDialogs(page);

  // Seed: an account on the trial, through the API.
  const signUp = await api('POST', '/api/v1/auth/sign-up', {
    firstName: 'Bill',
    lastName: 'Ing',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    planType: 'pro_monthly',
  });
  expect(signUp.status).toBe(201);
  const code = await codeFor(() => api('POST', '/api/v1/auth/sign-in', { email, password: PASSWORD }, ''));
  token = String((await api('POST', '/api/v1/auth/sign-in', { email, password: code }, '')).body['token']);
  const started = await api('POST', '/api/v1/billing/trial', {
    planType: 'pro_monthly',
    paymentMethodId: 'pm_card_visa',
    firstName: 'Bill',
    lastName: 'Ing',
  });
  expect(started.status).toBe(200);
  trial = started.body as unknown as typeof trial;
  await identityStatus('TRIAL');

  await page.goto(url('/login'));
  const browserCode = await codeFor(async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Enter verification code' }).waitFor();
  });
  await page.getByLabel('Verification code').fill(browserCode);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.waitForURL(/\/dashboard$/);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('billing in the browser', () => {
  it('cancels, is canceled by Stripe, is refused a second trial and subscribes again', async () => {
    await page.goto(url('/billing'));
    await ui.text(page.getByTestId('billing-status'), 'Free Trial');
    // The subscription details are loaded (the card on file shows) before acting on them.
    await cardRow('pm_card_visa').waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByTestId('cancel-warning').waitFor();

    // The period ends: Stripe deletes the subscription and says so.
    await stripeEvent('customer.subscription.deleted', {
      id: trial.subscriptionId,
      object: 'subscription',
      customer: trial.customerId,
      status: 'canceled',
      cancel_at_period_end: true,
      metadata: {},
      items: { object: 'list', data: [] },
    });
    await identityStatus('CANCELED');
    // No second free trial through the API either.
    const again = await api('POST', '/api/v1/billing/trial', {
      planType: 'pro_monthly',
      paymentMethodId: 'pm_card_visa',
      firstName: 'Bill',
      lastName: 'Ing',
    });
    expect(again.body['code']).toBe('TRIAL_ALREADY_USED');

    await page.reload();
    await ui.text(page.getByTestId('billing-status'), 'Canceled');
    await page.getByTestId('canceled-info').waitFor();
    await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Pro' });
    await ui.contains(dialog, 'free trial has been used');

    // A declining card first: its message, and nothing subscribed.
    await dialog.getByLabel('A new card').check();
    await fillCard('4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Subscribe and Pay Now' }).click();
    await ui.text(dialog.getByTestId('subscribe-error'), 'Your card was declined.');
    await screenshot(page, 'billing-01-resubscribe-declined');

    await dialog.getByLabel('VISA •••• 4242').check();
    await dialog.getByRole('button', { name: 'Subscribe and Pay Now' }).click();
    await ui.text(page.getByTestId('billing-status'), 'Active Subscription');
    expect(dialogs).toContain('Subscription started successfully! Your card has been charged.');
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    await screenshot(page, 'billing-02-resubscribed');
  });

  it('adds a card, makes it the default, replaces it, removes one and keeps the default', async () => {
    await page.goto(url('/billing'));
    await cardRow('pm_card_visa').waitFor();

    await page.getByRole('button', { name: '+ Add Payment Method' }).click();
    await fillCard('5555 5555 5555 4444');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Card' }).click();
    await cardRow('pm_card_mastercard').waitFor();
    expect(lastDialog()).toBe('Payment method added successfully!');

    await cardRow('pm_card_mastercard')
      .getByRole('button', { name: /Make .* the default/ })
      .click();
    await isDefault('pm_card_mastercard');
    expect(lastDialog()).toBe('Default payment method updated.');

    // Update Payment Method: a new card replaces the default one.
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    await fillCard('3782 822463 10005', '1234'); // American Express: a 4-digit code
    await page.getByRole('dialog').getByRole('button', { name: 'Replace Card' }).click();
    await cardRow('pm_card_amex').waitFor();
    await ui.count(cardRow('pm_card_mastercard'), 0);
    await isDefault('pm_card_amex');
    expect(lastDialog()).toBe('Payment method updated successfully!');

    await cardRow('pm_card_visa')
      .getByRole('button', { name: /Remove/ })
      .click();
    await ui.count(cardRow('pm_card_visa'), 0);
    expect(dialogs.slice(-2)).toEqual(['Remove this card from your account?', 'Payment method removed.']);

    // The default card of a live subscription stays.
    await cardRow('pm_card_amex')
      .getByRole('button', { name: /Remove/ })
      .click();
    await waitFor(
      () => Promise.resolve(lastDialog()),
      (m) => m === 'This card pays your subscription. Make another card the default before removing it.',
      { timeoutMs: 10_000, intervalMs: 100, what: 'the refusal' },
    );
    await cardRow('pm_card_amex').waitFor();
    await screenshot(page, 'billing-03-cards');
  });
});
