import { describe, expect, it } from 'vitest';
import { ORG_FORM_PATHS, ORG_FORMS } from '@vireo/contracts';
import { ROUTES } from '../../app/routes';

describe("the form link node's pages", () => {
  it("are the patient area's pages of the organisation's forms (a page behind a profile switch behind that form's)", () => {
    for (const form of ORG_FORMS) {
      const route = ROUTES.find((r) => r.path === ORG_FORM_PATHS[form]);
      expect(route, form).toMatchObject({ permission: 'health.own' });
      if (route?.flag) expect(route.flag).toBe(form);
    }
  });
});
