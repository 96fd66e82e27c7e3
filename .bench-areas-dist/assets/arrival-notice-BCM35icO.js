var e=null;function t(t){e=t}function n(){let t=e;return e=null,t}export{n,t};
//# sourceMappingURL=arrival-notice-BCM35icO.js.map