import { describe, expect, it } from 'vitest';
import { bundleMessages, type StaffBundle } from '@school/shared/staff/bundles';
import { bodyOf, formOf } from './bundle-form-model';

const bundle: StaffBundle = {
  id: 4,
  slug: 'pack-4',
  image: null,
  name: 'Pack',
  description: '',
  subcategory_id: null,
  price: 1500,
  mode_of_payment: ['card'],
  require_kyc: false,
  is_featured: false,
  is_published: false,
  courses: [
    { id: 2, name: 'Ethics', is_published: true },
    { id: 9, name: 'Tax', is_published: false },
  ],
  enrolments: 0,
  version: 3,
};

describe('the bundle editor’s body', () => {
  it('sends the courses in the order listed and the price in pesos', () => {
    expect(bodyOf({ ...formOf(bundle), price: '1499.50', subcategory_id: '7' })).toEqual({
      body: expect.objectContaining({ price: 1499.5, subcategory_id: 7, course_ids: [2, 9], is_published: false }),
    });
  });

  it('refuses to publish with a draft course, and a price without a way to pay, as the server would', () => {
    expect(bodyOf({ ...formOf(bundle), is_published: true, mode_of_payment: [] })).toEqual({
      problems: { mode_of_payment: bundleMessages.priceNeedsMode, course_ids: bundleMessages.unpublishedCourse('Tax') },
    });
    expect(bodyOf({ ...formOf(bundle), price: 'ten' })).toEqual({ problems: { price: expect.any(String) } });
  });
});
