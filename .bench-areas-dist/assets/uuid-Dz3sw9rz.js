var e=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;function t(t){return typeof t==`string`&&e.test(t)}export{t};
//# sourceMappingURL=uuid-Dz3sw9rz.js.map