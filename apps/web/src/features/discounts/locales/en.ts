/** The back office's discount pages (spec 3 §2.7): Generate Discount and Discount Management. */
const discounts = {
  title: 'Discount Management',
  tabs: { label: 'Discounts', generate: 'Generate Discount', manage: 'Manage Discounts' },
  projectsError: 'Error fetching Projects',
  form: {
    project: 'Project',
    code: 'Code',
    type: 'Type',
    valuePercent: 'Value (%)',
    valuePounds: 'Value (£)',
    activeFrom: 'Active from',
    activeTo: 'Active to',
    uses: 'Uses',
    generate: 'Generate',
  },
  types: { percentage: 'Percentage', reduction: 'Reduction', trial: 'Trial' },
  list: {
    unused: 'Discount List',
    used: 'Used Discount List',
    error: 'Error fetching Discounts',
    empty: 'No discounts to display',
    code: 'Search by code',
    projects: 'Projects',
    columns: {
      code: 'Code',
      project: 'Project',
      type: 'Type',
      value: 'Value',
      active: 'Active',
      activeFrom: 'Active from',
      activeTo: 'Active to',
      uses: 'Uses',
      usedTimes: 'Used times',
      createdAt: 'Created',
      actions: 'Actions',
    },
    yes: 'Yes',
    no: 'No',
    viewOrder: 'View Order',
    viewOrderLabel: 'View Order for {{code}}',
  },
};

export default discounts;
export type DiscountsTranslation = typeof discounts;
