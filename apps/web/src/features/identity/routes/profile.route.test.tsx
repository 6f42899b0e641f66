import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths, type Profile } from '@vitalia/api/identity.contract';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/** The server's profile: PUT merges what it is sent, as the contract says, and answers the result. */
function serveProfile(initial: Profile) {
  let saved = initial;
  fakeApi.on('GET', identityPaths.profile, () => ({ status: 200, body: saved }));
  fakeApi.on('PUT', identityPaths.profile, (request: FakeRequest) => {
    const body = request.body as Record<string, unknown>;
    const pick = <T,>(name: string, current: T) => (name in body ? (body[name] as T) : current);
    saved = {
      ...saved,
      firstName: pick('FirstName', saved.firstName),
      lastName: pick('LastName', saved.lastName),
      displayname: pick('Displayname', saved.displayname),
      emailAddress: pick('EmailAddress', saved.emailAddress),
      phoneNo: pick('PhoneNo', saved.phoneNo),
      country: pick('Country', saved.country),
      gender: pick('Gender', saved.gender),
      dob: pick('DOB', saved.dob),
      heightMM: pick('HeightMM', saved.heightMM),
    };
    return { status: 200, body: saved };
  });
}

function lastSaved(): Record<string, unknown> {
  return fakeApi.requestsTo('PUT', identityPaths.profile).at(-1)?.body as Record<string, unknown>;
}

beforeEach(() => signInAs());

describe('profile, view mode', () => {
  it('shows the saved profile, each section under its own heading', async () => {
    serveProfile(aProfile({ displayname: null }));
    renderApp('/account/profile');

    const personal = await screen.findByRole('region', { name: 'Personal details' });
    expect(within(personal).getByText('Ada')).toBeVisible();
    expect(within(personal).getByText('Lovelace')).toBeVisible();
    expect(within(personal).getByText('10 December 1985')).toBeVisible();
    expect(within(personal).getByText('165 cm (5 ft 5 in)')).toBeVisible();
    expect(within(personal).getByText('Not given')).toBeVisible();
    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('+44 20 7946 0000')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Picture' })).toBeVisible();
    expect(screen.getByText('Signed in as ada@example.com')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
  });

  it('opens the form from the Edit button', async () => {
    serveProfile(aProfile());
    const app = renderApp('/account/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));

    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(app.currentUrl()).toBe('/account/profile?edit=true');
  });
});

describe('profile, edit mode', () => {
  it('saves the changes, confirms, and the header greets by the new first name', async () => {
    serveProfile(aProfile());
    const app = renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    const lastName = screen.getByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'Byron');
    await user.clear(screen.getByLabelText('Country'));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile is saved.')).toBeVisible();
    expect(app.currentUrl()).toBe('/account/profile');
    expect(within(screen.getByRole('banner')).getByText('Welcome, Augusta')).toBeVisible();
    expect(lastSaved()).toEqual({
      FirstName: 'Augusta',
      LastName: 'Byron',
      Displayname: null,
      EmailAddress: 'ada@example.com',
      PhoneNo: '+44 20 7946 0000',
      // Emptied fields are sent as null, which clears them.
      Country: null,
      Gender: 'Other',
      DOB: '1985-12-10',
      HeightMM: 1650,
    });
    const personal = screen.getByRole('region', { name: 'Personal details' });
    expect(within(personal).getByText('Byron')).toBeVisible();
  });

  it('shows progress while saving', async () => {
    let answer = () => {};
    serveProfile(aProfile());
    fakeApi.on(
      'PUT',
      identityPaths.profile,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 200, body: aProfile() });
        }),
    );
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save profile' }));

    const save = await screen.findByRole('button', { name: /Save profile/ });
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(save).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Your profile is saved.')).toBeVisible();
  });

  it('points at each bad field and sends nothing', async () => {
    serveProfile(aProfile());
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    const email = await screen.findByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'ada-at-home');
    await user.type(screen.getByLabelText('Phone'), '#12');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Email address must be an email address')).toBeVisible();
    expect(
      screen.getByText('Phone may hold only digits, spaces, brackets, dashes and a leading +'),
    ).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requestsTo('PUT', identityPaths.profile)).toEqual([]);
  });

  it('refuses a date of birth in the future', async () => {
    serveProfile(aProfile({ dob: null }));
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('01012090');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Date of birth must not be in the future')).toBeVisible();
    expect(fakeApi.requestsTo('PUT', identityPaths.profile)).toEqual([]);
  });

  it('saves a typed date of birth as YYYY-MM-DD', async () => {
    serveProfile(aProfile({ dob: null }));
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('02031990');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await screen.findByText('Your profile is saved.');
    expect(lastSaved().DOB).toBe('1990-03-02');
    expect(screen.getByText('2 March 1990')).toBeVisible();
  });

  it('keeps what was typed when the server refuses it, with the reason beside the field', async () => {
    serveProfile(aProfile());
    fakeApi.on('PUT', identityPaths.profile, {
      status: 400,
      body: { errors: ['FirstName: must be at most 100 characters long'] },
    });
    const app = renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('First name must be at most 100 characters long')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Augusta');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(app.currentUrl()).toBe('/account/profile?edit=true');
  });

  it('shows a failure that names no field above the buttons', async () => {
    serveProfile(aProfile());
    fakeApi.on('PUT', identityPaths.profile, {
      status: 500,
      body: { errors: ['Something went wrong on our side (request abc123).'] },
    });
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Display name'), 'Countess');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side (request abc123).',
    );
    expect(screen.getByLabelText('Display name')).toHaveValue('Countess');
  });

  it('leaves without saving on Cancel', async () => {
    serveProfile(aProfile());
    const app = renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('First name'), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/profile');
    expect(screen.getByText('Ada')).toBeVisible();
    expect(fakeApi.requestsTo('PUT', identityPaths.profile)).toEqual([]);
  });
});

describe('height in centimetres or feet and inches', () => {
  it('converts what is typed when the unit changes', async () => {
    serveProfile(aProfile({ heightMM: null }));
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Centimetres'), '180');
    await user.click(screen.getByRole('button', { name: 'ft + in' }));

    expect(screen.getByLabelText('Feet')).toHaveValue('5');
    expect(screen.getByLabelText('Inches')).toHaveValue('11');
    expect(screen.queryByLabelText('Centimetres')).not.toBeInTheDocument();

    // Looking at the other unit and back costs nothing: 180 cm stays 180 cm.
    await user.click(screen.getByRole('button', { name: 'cm' }));
    expect(screen.getByLabelText('Centimetres')).toHaveValue('180');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Your profile is saved.');
    expect(lastSaved().HeightMM).toBe(1800);
  });

  it('stores feet and inches as whole millimetres', async () => {
    serveProfile(aProfile({ heightMM: null }));
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'ft + in' }));
    await user.type(screen.getByLabelText('Feet'), '6');
    await user.type(screen.getByLabelText('Inches'), '0');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await screen.findByText('Your profile is saved.');
    // 72 inches x 25.4 mm = 1828.8 mm.
    expect(lastSaved().HeightMM).toBe(1829);
    expect(screen.getByText('182.9 cm (6 ft 0 in)')).toBeVisible();
  });

  it('shows the saved height in the unit chosen, and keeps it exact when not retyped', async () => {
    serveProfile(aProfile({ heightMM: 1650 }));
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Centimetres')).toHaveValue('165');
    await user.click(screen.getByRole('button', { name: 'ft + in' }));
    expect(screen.getByLabelText('Feet')).toHaveValue('5');
    expect(screen.getByLabelText('Inches')).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await screen.findByText('Your profile is saved.');
    // 5 ft 5 in would be 1651 mm; the untouched height is sent as it was.
    expect(lastSaved().HeightMM).toBe(1650);
  });

  it('refuses heights no person has', async () => {
    serveProfile(aProfile({ heightMM: null }));
    renderApp('/account/profile?edit=true');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Centimetres'), '1800');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Height must be at most 2800 mm (280 cm)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'ft + in' }));
    await user.type(screen.getByLabelText('Feet'), '5');
    await user.type(screen.getByLabelText('Inches'), '14');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Inches must be a number below 12, such as 8')).toBeVisible();
    expect(fakeApi.requestsTo('PUT', identityPaths.profile)).toEqual([]);
  });
});

describe('profile picture', () => {
  // jsdom has no object URLs; these stand in, numbered so a test can tell previews apart.
  beforeEach(() => {
    let next = 0;
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:preview-${(next += 1)}`),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const photo = () => new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' });

  it('previews the chosen file, uploads it and shows the new picture', async () => {
    serveProfile(aProfile());
    fakeApi.on('POST', identityPaths.profilePicture, {
      status: 200,
      body: aProfile({ displayPicture: '/uploads/avatars/ada.webp' }),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();

    const input = await screen.findByLabelText('Picture file');
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await user.click(screen.getByRole('button', { name: 'Choose a picture' }));
    expect(opened).toHaveBeenCalledOnce();
    await user.upload(input, photo());

    expect(screen.getByRole('img', { name: 'Preview of the new picture' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByText('me.jpg')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));

    expect(await screen.findByText('Your picture is updated.')).toBeVisible();
    const sent = fakeApi.requestsTo('POST', identityPaths.profilePicture)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toMatchObject({ name: 'me.jpg', type: 'image/jpeg' });
    expect(screen.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/uploads/avatars/ada.webp',
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it("shows the server's reason when it refuses the picture", async () => {
    serveProfile(aProfile());
    fakeApi.on('POST', identityPaths.profilePicture, {
      status: 415,
      body: { errors: ['The picture must be a JPEG, PNG or WebP image.'] },
    });
    renderApp('/account/profile');
    const user = userEvent.setup();

    await user.upload(await screen.findByLabelText('Picture file'), photo());
    await user.click(screen.getByRole('button', { name: 'Upload picture' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The picture must be a JPEG, PNG or WebP image.',
    );
    // The choice stays, so the person can cancel or try again.
    expect(screen.getByRole('img', { name: 'Preview of the new picture' })).toBeVisible();
  });

  it('refuses a file over 2 MB before uploading it', async () => {
    serveProfile(aProfile());
    renderApp('/account/profile');
    const user = userEvent.setup();
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', {
      type: 'image/png',
    });

    await user.upload(await screen.findByLabelText('Picture file'), large);

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a picture of 2 MB or less.');
    expect(screen.queryByRole('button', { name: 'Upload picture' })).not.toBeInTheDocument();
    expect(fakeApi.requestsTo('POST', identityPaths.profilePicture)).toEqual([]);
  });
});
