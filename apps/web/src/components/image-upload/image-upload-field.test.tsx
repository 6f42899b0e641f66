import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleCoverLimits } from '@vitalia/api/education.contract';
import { profilePictureLimits } from '@vitalia/api/identity.contract';
import { imageLimitsText, type ImageLimits, type ImageNoun } from './image-limits';
import { ImageUploadField } from './image-upload-field';
import { useImageUpload } from './image-upload.hook';

/** A screen as the three that use the field are built: its own preview, its own buttons. */
function Screen({
  limits = profilePictureLimits,
  noun = 'picture',
  chooseAgain = false,
}: {
  limits?: ImageLimits;
  noun?: ImageNoun;
  chooseAgain?: boolean;
}) {
  const upload = useImageUpload(limits, noun);
  return (
    <>
      {upload.chosen && <img src={upload.chosen.previewUrl} alt="Preview" />}
      <ImageUploadField
        upload={upload}
        fileLabel="Picture file"
        chooseLabel="Choose a picture"
        chooseIcon={null}
        chooseAgain={chooseAgain}
        chosenActions={
          <>
            <button type="button" onClick={upload.clear}>
              Cancel
            </button>
            <button
              type="button"
              onClick={() => {
                upload.clear();
                upload.setOutcome({ kind: 'uploaded' });
              }}
            >
              Upload
            </button>
          </>
        }
        note={`${imageLimitsText(limits)}.`}
        uploadedMessage="Your picture is updated."
      />
    </>
  );
}

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

const photo = (name = 'me.jpg') => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

describe('the image upload field', () => {
  it("opens the file chooser from its button, offering the contract's types and saying its limits", async () => {
    render(<Screen />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Picture file');
    const opened = vi.fn();
    input.addEventListener('click', opened);

    await user.click(screen.getByRole('button', { name: 'Choose a picture' }));

    expect(opened).toHaveBeenCalledOnce();
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByText('JPEG, PNG or WebP, up to 2 MB.')).toBeVisible();
  });

  it("shows a usable file's name and preview, with the screen's buttons instead of the choose button", async () => {
    render(<Screen />);
    const user = userEvent.setup();

    await user.upload(screen.getByLabelText('Picture file'), photo());

    expect(screen.getByRole('img', { name: 'Preview' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('me.jpg')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose a picture' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Your picture is updated.');
    expect(screen.queryByRole('img', { name: 'Preview' })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeVisible();
  });

  it('keeps the choose button beside the chosen file when the screen asks for it', async () => {
    render(<Screen chooseAgain />);
    const user = userEvent.setup();

    await user.upload(screen.getByLabelText('Picture file'), photo());

    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('refuses a file of another type before anything is sent, and forgets it once a usable one comes', async () => {
    render(<Screen />);
    // The browser's chooser filters by type, but a person can still pick 'All files'.
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Picture file');

    await user.upload(input, new File(['gif'], 'cat.gif', { type: 'image/gif' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP picture.');
    expect(screen.queryByRole('img', { name: 'Preview' })).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    await user.upload(input, photo());

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: 'Preview' })).toBeVisible();
  });

  it('refuses a file over the limit, in the words of the screen that uses it', async () => {
    render(<Screen limits={articleCoverLimits} noun="image" />);
    const user = userEvent.setup();
    const large = new File([new Uint8Array(articleCoverLimits.bytes + 1)], 'big.png', {
      type: 'image/png',
    });

    await user.upload(screen.getByLabelText('Picture file'), large);

    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image of 5 MB or less.');
    expect(screen.queryByRole('img', { name: 'Preview' })).toBeNull();
    expect(screen.getByText('JPEG, PNG or WebP, up to 5 MB.')).toBeVisible();
  });
});
