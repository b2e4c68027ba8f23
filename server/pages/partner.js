// Partner sign-in on the programme page: fetch a CSRF token, post the form, follow `next`.
(function () {
  'use strict';
  var form = document.getElementById('partner-signin');
  var error = document.getElementById('signin-error');
  var submit = document.getElementById('signin-submit');
  document.getElementById('year').textContent = String(new Date().getFullYear());

  function readCookie(name) {
    var match = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
    return match ? decodeURIComponent(match[1]) : '';
  }
  // The partner page a signed-out visit asked for (the console's guard adds `next`): followed
  // only when it is a partner page of this console, read as a browser reads it (as in
  // src/domain/return-path.ts: no second slash, backslash or control character).
  function returnPath() {
    var next = new URLSearchParams(window.location.search).get('next');
    if (!next || next.length > 2000 || next.charAt(0) !== '/' || next.charAt(1) === '/') return '';
    // eslint-disable-next-line no-control-regex
    if (/[\\\u0000-\u001f\u007f]/.test(next)) return '';
    var url;
    try {
      url = new URL(next, window.location.origin);
    } catch {
      return '';
    }
    if (url.origin !== window.location.origin || url.pathname.indexOf('/partner/') !== 0) return '';
    return url.pathname + url.search + url.hash;
  }

  var csrfReady = fetch('/rpc-api/csrf', { method: 'POST', credentials: 'include' }).catch(
    function (e) {
      console.warn('CSRF request failed', e);
    },
  );

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var username = form.username.value.trim();
    var password = form.password.value.trim();
    if (!username) {
      error.textContent = 'Enter Partner ID';
      form.username.focus();
      return;
    }
    if (!password) {
      error.textContent = 'Password cannot be blank';
      form.password.focus();
      return;
    }
    error.textContent = '';
    submit.disabled = true;
    csrfReady
      .then(function () {
        return fetch('/rpc-api/partner/user_signin', {
          method: 'POST',
          credentials: 'include',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-XSRF-TOKEN': readCookie('XSRF-TOKEN'),
          },
          body: new URLSearchParams({ username: username, password: password }).toString(),
        });
      })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        if (result.ok && result.body.status === 'OK') {
          localStorage.setItem('IS_SIGNED_IN_RPC_PARTNER', 'true');
          localStorage.setItem('product_type', 'partner');
          window.location.assign('/rpc-app' + (returnPath() || result.body.message.next));
          return;
        }
        var first = result.body && result.body.errors && result.body.errors[0];
        error.textContent = first
          ? first.message
          : 'Something went wrong. Try again after some time.';
        submit.disabled = false;
      })
      .catch(function () {
        error.textContent = 'Something went wrong. Try again after some time.';
        submit.disabled = false;
      });
  });
})();
