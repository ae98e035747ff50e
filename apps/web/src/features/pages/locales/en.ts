import type { Texts } from '../../../app/locales/shape';

/** Pages Management (spec 3 §2.6) and the public info pages. */
export const en = {
  heading: 'Pages Management',
  title: 'Title',
  source: 'Source',
  view: 'View',
  viewLabel: 'View {{title}} (opens in a new tab)',
  actions: 'Actions',
  empty: 'No pages to display',
  loadError: 'Error fetching pages',
  retry: 'Try again',
  add: 'Add page',
  edit: 'Edit',
  editLabel: 'Edit {{title}}',
  delete: 'Delete',
  deleteLabel: 'Delete {{title}}',
  confirmDelete: 'Are you sure you want to delete this page?',
  yes: 'Yes',
  no: 'No',
  builtIn: 'Built in',
  draft: 'Not published',
  form: {
    newTitle: 'New info page',
    editTitle: 'Edit info page',
    title: 'Title',
    source: 'Source',
    slug: 'Address',
    slugHelp: 'Served at /info/{{slug}}',
    body: 'Text (Markdown)',
    bodyHelp: 'Markdown: # headings, **bold**, lists and links. HTML is shown as text.',
    published: 'Published',
    save: 'Save',
    cancel: 'Cancel',
    error: 'Something went wrong!',
  },
  info: {
    notFound: 'This page is not available.',
    home: 'Go to home',
  },
};

export type PagesTranslation = Texts<typeof en>;
export default en;
