/** /super_admin/permissions: who holds the permissions granted account by account. */
const permissions = {
  title: 'Permissions',
  intro: 'Each switch grants or revokes one permission of one account, at once.',
  search: 'Search by name or e-mail',
  label: 'Accounts and their permissions',
  empty: 'No accounts to display',
  error: 'Error fetching accounts',
  retry: 'Try again',
  account: 'Account',
  disabled: 'disabled',
  switchLabel: '{{permission}} for {{name}}',
  granted: '{{permission}} granted to {{name}}.',
  revoked: '{{permission}} revoked from {{name}}.',
  names: {
    'discounts.manage': 'Discounts',
    'products.manage': 'Products',
    'pages.manage': 'Pages',
    'orders.edit_items': 'Order items',
    'orders.set_payment_complete': 'Payment complete',
    'permissions.manage': 'Permissions',
  },
};

export default permissions;
export type PermissionsTranslation = typeof permissions;
