// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Permission, RoleName } from '@vireo/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { QueryProvider } from '../../app/QueryProvider';
import { createQueryClient } from '../../lib/queryClient';
import { SessionContext } from '../../lib/session';
import { sessionAs } from '../../test/session';
import { DashboardPage } from './DashboardPage';

function renderHomeOf(role: RoleName, grants: Permission[] = []) {
  const element = (
    <SessionContext value={{ ...sessionAs(role), grants }}>
      <DashboardPage role={role} />
    </SessionContext>
  );
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <AppProviders>
      <QueryProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryProvider>
    </AppProviders>,
  );
}

const cardLinks = () =>
  within(screen.getByRole('list', { name: 'Management' }))
    .getAllByRole('link')
    .map((link) => [link.querySelector('h2')?.textContent, link.getAttribute('href')]);

describe('role home pages', () => {
  afterEach(cleanup);

  it('gives a super admin the hub cards whose pages exist, in the spec order (Processor only once its API answers)', () => {
    renderHomeOf('super_admin');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Super Admin');
    expect(cardLinks()).toEqual([
      ['Doctors Management', '/super_admin/doctors-management'],
      ['Order Management', '/super_admin/order-list'],
      ['Certificate Management', '/certificate-management'],
      ['Uploaded Results Management', '/super_admin/certificates-list'],
      ['PCR Tests Management', '/super_admin/pcr-management'],
      ['Dropbox management', '/super_admin/pickups-list'],
      ['Countries Management', '/super_admin/countries-management'],
      ['Drugs Management', '/super_admin/drugs-management'],
      ['Messages', '/super_admin/messages'],
    ]);
  });

  it('adds the cards of the permissions granted to the account, and none for a grant without its page (Processor stays hidden)', () => {
    renderHomeOf('super_admin', ['products.manage', 'permissions.manage', 'discounts.manage', 'orders.edit_items']);
    expect(cardLinks()).toEqual([
      ['Doctors Management', '/super_admin/doctors-management'],
      ['Order Management', '/super_admin/order-list'],
      ['Certificate Management', '/certificate-management'],
      ['Discount Management', '/super_admin/generate-discount'],
      ['Product Management', '/super_admin/product-management'],
      ['Uploaded Results Management', '/super_admin/certificates-list'],
      ['PCR Tests Management', '/super_admin/pcr-management'],
      ['Dropbox management', '/super_admin/pickups-list'],
      ['Countries Management', '/super_admin/countries-management'],
      ['Drugs Management', '/super_admin/drugs-management'],
      ['Messages', '/super_admin/messages'],
      ['Permissions', '/super_admin/permissions'],
    ]);
  });

  it('gives customer services Order Management, Certificate Management, their chats with customers and booking', () => {
    renderHomeOf('customer_services');
    expect(cardLinks()).toEqual([
      ['Order Management', '/customer_services/order-list'],
      ['Certificate Management', '/certificate-management'],
      ['Chats with Customers', '/chats/customer'],
      ['Book an Appointment', '/authenticated/book'],
    ]);
  });

  it('gives b2c the spec’s four cards, Book an Appointment in a new tab', () => {
    renderHomeOf('b2c');
    expect(cardLinks()).toEqual([
      ['Buy Antigen Kits', '/b2c/order-test-kit'],
      ['Book an Appointment', '/b2c/book-appointment'],
      ['My Appointments', '/b2c/appointments'],
      ['Test Results', '/b2c/test-results'],
    ]);
    expect(screen.getByText('Order at least 8 working days before the procedure.')).toBeTruthy();
    expect(screen.queryByText('My Account')).toBeNull();
  });
});
