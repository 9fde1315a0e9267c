/** The product's own words for the account area (spec 1 §5, §8). */
export const profileMessages = {
  firstNameRequired: 'First Name is required',
  middleNameRequired: 'Middle Name is required',
  lastNameRequired: 'Last Name is required',
  mobileRequired: 'Mobile Number is required',
  countryCodeRequired: 'Country Code is required',
  birthdayRequired: 'Birthday is required',
  genderRequired: 'Gender is required',
  typeRequired: 'Type is required',
  fieldRequired: 'This field is required',
  updated: 'Profile update successful!',
  thanks: 'Thank you for completing your profile.',
  continueToMcle: 'Continue to MCLE Profile',
  mcleSubmitted: 'MCLE profile submitted!',
  photoUpdated: 'Profile photo has been updated.',
  photoFailed: 'Something went wrong.',
  consentText:
    'I am confirming that I have read and accept the privacy policy and agree to the collection of my personal information as outlined.',
} as const;

/** Texts the spec leaves to us (docs/decisions.md). */
export const profileServerMessages = {
  invalidNumber: 'Enter digits only.',
  invalidMobile: 'Enter a valid mobile number.',
  invalidCountryCode: 'Select a valid country code.',
  invalidChoice: 'Select a valid choice.',
  invalidYear: 'Enter a valid year.',
  invalidDate: 'Enter a valid date.',
  futureBirthday: 'Birthday cannot be in the future.',
  tooLong: 'Ensure this field has no more than 255 characters.',
  consentRequired: 'Please accept the Data Privacy Statement and Consent.',
  placeMismatch: 'Select a value from the list.',
  photoType: 'Upload a PNG or JPEG image.',
  photoTooLarge: 'The photo is too large (at most 5 MB).',
  photoMissing: 'Choose a photo to upload.',
} as const;
