import{a as e}from"./page-kit-BK7BSBqU.js";var t=e;export{t as errorComponent};
//# sourceMappingURL=conversation-ThwF-ChW.js.map