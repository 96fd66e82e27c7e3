import{s as e}from"./project-page-zpOLfNO-.js";var t=e;export{t as component};
//# sourceMappingURL=_projectId-BoHvvrf4.js.map