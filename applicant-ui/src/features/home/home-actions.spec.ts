import { actionKey, linkPath } from './home-actions';

describe('/home next actions', () => {
  it('labels each next action, none has no button', () => {
    expect(actionKey({ nextAction: 'continue' })).toBe('home.actions.continue');
    expect(actionKey({ nextAction: 'pay' })).toBe('home.actions.pay');
    expect(actionKey({ nextAction: 'none' })).toBeNull();
  });
  it('opens a fresh link inside the app', () => {
    expect(linkPath('http://localhost:3000/validation?token=abc', 'http://localhost:3000')).toBe('/validation?token=abc');
    expect(linkPath('/validation?token=x%2By', 'http://a.example')).toBe('/validation?token=x%2By');
  });
});
