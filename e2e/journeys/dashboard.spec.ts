import {
  expect,
  measureCount,
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
    const measures = await measureCount(request, session);
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
    const dialog = page.getByRole('dialog', { name: 'Assessment form' });
    for (const question of assessmentQuestions) {
      await dialog
        .getByRole('group', { name: question })
        .getByRole('button', { name: question === 'Do you smoke?' ? 'Yes' : 'No' })
        .click();
    }
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('User assessment saved successfully')).toBeVisible();

    // The risk it reveals, with a way to read about it.
    const risks = page.getByRole('region', { name: 'Risk factors' });
    await expect(risks.getByRole('heading', { name: 'Smoking' })).toBeVisible();
    await expect(risks.getByRole('link', { name: 'Read about smoking' })).toHaveAttribute(
      'href',
      /^\/education\/.+/,
    );
    // No readings yet: a welcome with the usual first measures, not a score of zero.
    const welcome = page.getByRole('region', { name: 'Welcome. Start with one reading' });
    await expect(welcome).toBeVisible();
    await expect(page.getByTestId('dashboard-score')).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-first-steps-1280');
    await page.setViewportSize(viewports.phone);
    await keepScreenshot(page, 'dashboard-first-steps-390');
    await page.setViewportSize(viewports.wide);

    // One tap to the blood pressure form; the first reading brings the score and its card.
    await welcome.getByRole('link', { name: /^Add blood pressure/ }).click();
    const pressureForm = page.getByRole('dialog', { name: 'Add a reading: Blood pressure' });
    await pressureForm.getByLabel('Systolic').fill('132');
    await pressureForm.getByLabel('Diastolic').fill('86');
    await pressureForm.getByRole('button', { name: 'Save reading' }).click();
    await expect(pressureForm).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByTestId('dashboard-score')).toHaveText(
      `In range: 0 of 1 · 1 of ${measures} measured`,
    );
    await expect(welcome).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(1);

    // A reading recorded elsewhere (the mobile app, say) shows on the dashboard, with the
    // direction since the one before, a line of both and the week's average.
    const recorded = await request.post('/api/v1/records/health', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { Tag: 'Systolic', TagValue: '118', MinTag: 'Diastolic', MinTagValue: '76' },
    });
    expect(recorded.status()).toBe(201);
    await page.reload();
    const pressure = page.getByRole('article', { name: 'Blood pressure' });
    await expect(pressure).toContainText('118/76 mmHg');
    await expect(pressure).toContainText('Normal');
    await expect(pressure.getByTestId('trend')).toContainText('Down from 132/86 mmHg');
    await expect(
      pressure.getByRole('img', { name: 'Last 2 readings, oldest first: 132/86, 118/76' }),
    ).toBeVisible();
    await expect(pressure.getByTestId('week-average')).toHaveText(
      '7-day average 125/81 mmHg (2 readings)',
    );
    await expect(page.getByTestId('dashboard-score')).toHaveText(
      `In range: 1 of 1 · 1 of ${measures} measured`,
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-with-reading-1280');
    await page.setViewportSize(viewports.phone);
    await keepScreenshot(page, 'dashboard-with-reading-390');
    await page.setViewportSize(viewports.wide);

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
      `In range: 2 of 2 · 2 of ${measures} measured`,
    );

    // A measure not recorded yet is one tap from its form.
    await page
      .getByRole('region', { name: 'Not recorded yet' })
      .getByRole('link', { name: 'Mood' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Add a reading: Mood' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-first-reading-form-1280');
  });
});
