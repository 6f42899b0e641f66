import {
  expect,
  registerThroughApi,
  test,
  viewports,
  assessmentQuestions,
} from '../fixtures/vitalia.fixture.ts';

test.describe('the dashboard', () => {
  test('shows the risk factors of the assessment and changes as readings are recorded', async ({
    page,
    request,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewports.wide);
    const session = await registerThroughApi(request, { assessed: false });
    await page.goto('/policy');
    await page.evaluate(
      ([access, refresh]) => {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
      },
      [session.token, session.refreshToken] as const,
    );
    await page.goto('/');

    // A new person answers the assessment: yes to smoking, no to the rest.
    const dialog = page.getByRole('dialog', { name: 'Assessment Form' });
    for (const question of assessmentQuestions) {
      await dialog
        .getByRole('group', { name: question })
        .getByRole('button', { name: question === 'Do you smoke?' ? 'Yes' : 'No' })
        .click();
    }
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('User Assessment Saved Successfully')).toBeVisible();

    // The risk it reveals, with a way to read about it.
    const risks = page.getByRole('region', { name: 'Risk factors' });
    await expect(risks.getByRole('heading', { name: 'Smoking' })).toBeVisible();
    await expect(risks.getByRole('link', { name: 'Read about smoking' })).toHaveAttribute(
      'href',
      /^\/education\/.+/,
    );
    await expect(page.getByTestId('dashboard-score')).toHaveText('No readings yet');

    // A reading recorded elsewhere (the mobile app, say) shows on the dashboard.
    const recorded = await request.post('/api/v1/records/health', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {
        Tag: 'SPO2Value',
        TagValue: '98',
        DirectFromDevice: false,
        MinTagValue: '',
        MinTag: '',
        Narration: '',
        Device: '',
        Report: '',
      },
    });
    expect(recorded.status()).toBe(201);
    await page.reload();
    const oxygen = page.getByRole('article', { name: 'Oxygen saturation' });
    await expect(oxygen).toContainText('98 %');
    await expect(oxygen).toContainText('Normal');
    await expect(page.getByTestId('dashboard-score')).toHaveText(
      'In range: 1 of 9 · 1 of 9 measured',
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-with-reading-1280');

    // The quick action: a measure, its form, and back to a dashboard that counts it.
    await page.getByRole('button', { name: 'Add reading' }).click();
    await page.getByRole('menuitem', { name: 'Temperature' }).click();
    const form = page.getByRole('dialog', { name: 'Add a reading: Temperature' });
    await form.getByLabel('Body temperature').fill('36.6');
    await form.getByRole('button', { name: 'Save reading' }).click();
    await expect(form).toHaveCount(0);
    await expect(page).toHaveURL('/healths/temperature');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const temperature = page.getByRole('article', { name: 'Temperature' });
    await expect(temperature).toContainText('36.6 °C');
    await expect(temperature).toContainText('Normal');
    await expect(page.getByTestId('dashboard-score')).toHaveText(
      'In range: 2 of 9 · 2 of 9 measured',
    );

    // An empty tile opens its own form.
    await page
      .getByRole('article', { name: 'Mood' })
      .getByRole('link', { name: 'Add your first reading' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Add a reading: Mood' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-first-reading-form-1280');
  });
});
