import { afterEach, describe, expect, it } from 'vitest';
import { translateFieldError } from './field-errors';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translateFieldError', () => {
  it('shows the shared rules’ messages in the reader’s language, from the errors namespace', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.t;
    expect(translateFieldError(t, 'This field is required')).toBe('Este campo es obligatorio');
    expect(translateFieldError(t, 'Please enter a valid email')).toBe('Introduzca un correo electrónico válido');
    expect(translateFieldError(t, 'Invalid format')).toBe('Formato no válido');
    expect(translateFieldError(t, 'You must enter a maximum of 100 characters')).toBe('Debe introducir un máximo de 100 caracteres');
    expect(translateFieldError(t, 'Invalid input: expected string, received null')).toBe('Este campo es obligatorio');
    expect(translateFieldError(t, 'Budget amounts cannot be negative.')).toBe('Los montos del presupuesto no pueden ser negativos.');
  });

  it('takes a server refusal by its key, and shows unknown words as they came', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.t;
    expect(translateFieldError(t, { message: 'title: Required.', key: 'tasks.required' })).toBe('Obligatorio.');
    expect(translateFieldError(t, 'Something else entirely.')).toBe('Something else entirely.');
    expect(translateFieldError(t, undefined)).toBeUndefined();
  });
});
